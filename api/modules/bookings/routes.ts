import { z } from "zod";
import { fileResponse } from "../../http/files.ts";
import { publicLookupLimit } from "../../http/rate-limit.ts";
import { route, type RouteDef } from "../../http/route.ts";
import { clientAddress, linkBase } from "../../http/security.ts";
import {
  atwDocument,
  atwDocumentByPublicId,
  authorizationLetter,
  bookingSlip,
  deliveryListFile,
  inboundDeliveryList,
  pickUpList,
  pickUpListFile,
  pickUpRequest,
} from "./documents.ts";
import { openLink, submitLink } from "./link.ts";
import { bookingRow } from "./records.ts";
import {
  addBooking,
  batchWithBookings,
  bookingLanes,
  cloneBatch,
  cloneBookings,
  confirmBatch,
  confirmBookings,
  createBatch,
  deleteBooking,
  expireBookings,
  expireOverdue,
  issueAtw,
  listBatches,
  listBookings,
  previewPrice,
  sendBookingLink,
  updateBooking,
  updateBookings,
} from "./service.ts";
import {
  addBookingBody,
  batchListQuery,
  batchRefField,
  batchRefParam,
  batchRow,
  batchWithBookings as batchWithBookingsRow,
  bookingListQuery,
  bookingRefParam,
  bookingRefsBody,
  bookingRow as bookingRowSchema,
  bookingUpdate,
  createBatchBody,
  deliveryListLine,
  deliveryListQuery,
  expireBody,
  issueAtwBody,
  laneOption,
  laneQuery,
  linkSubmitBody,
  linkView,
  multipleUpdateBody,
  priceBody,
  priceRow,
  publicIdParam,
  sendLinkBody,
  tokenParam,
  trackingParam,
  trackingView,
  truckerView,
} from "./schemas.ts";
import { trackShipment } from "./tracking.ts";

const tag = "Bookings";
const permission = "VOYAGE";
const listOf = <T extends z.ZodType>(row: T) => z.object({ data: z.array(row), total: z.number().optional(), message: z.string().optional() });
const written = <T extends z.ZodType>(row: T) => z.object({ data: row, message: z.string() });

const limitTracking = publicLookupLimit("tracking");

// Fixed paths come before those with a parameter: the first route that matches answers.
export const bookingRoutes: RouteDef[] = [
  route({
    method: "post", path: "/Bookings/batches/load", permission, tag, body: batchListQuery,
    summary: "The booking batches of a voyage, newest first, 50 a page",
    response: listOf(batchRow),
  }, ({ deps, body, caller }) => listBatches(deps.db, body, caller)),
  route({
    method: "post", path: "/Bookings/batch", permission, tag, body: createBatchBody, status: 201,
    summary: "Open a batch for a shipper on a voyage, with its first bookings; references from the origin branch's BB and BK series",
    response: written(batchWithBookingsRow),
  }, ({ deps, body, caller }) => createBatch(deps.db, caller, body)),
  route({
    method: "get", path: "/Bookings/batch/{bookingBatchRef}", permission, tag, params: batchRefParam,
    summary: "A batch with its bookings and their charges",
    response: z.object({ data: batchWithBookingsRow }),
  }, async ({ deps, params, caller }) => ({ data: await batchWithBookings(deps.db, params.bookingBatchRef, caller) })),
  route({
    method: "post", path: "/Bookings/load", permission, tag, body: bookingListQuery,
    summary: "Bookings by voyage, batch, status and mode of delivery, with a search; 50 a page",
    response: listOf(bookingRowSchema),
  }, ({ deps, body, caller }) => listBookings(deps.db, body, caller)),
  route({
    method: "get", path: "/Bookings/get/{bookingRef}", permission, tag, params: bookingRefParam,
    summary: "One booking with its charges",
    response: z.object({ data: bookingRowSchema }),
  }, async ({ deps, params, caller }) => ({ data: await bookingRow(deps.db, params.bookingRef, caller) })),
  route({
    method: "post", path: "/Bookings/create", permission, tag, body: addBookingBody, status: 201,
    summary: "Add a booking to a Draft or Sent batch, priced from the shipper's approved quotation",
    response: written(bookingRowSchema),
  }, ({ deps, body, caller }) => addBooking(deps.db, caller, body.bookingBatchRef, body)),
  route({
    method: "put", path: "/Bookings/multipleUpdate", permission, tag, body: multipleUpdateBody,
    summary: "Change several bookings at once (pairs of bookingRef and updateBooking): all or none",
    response: written(z.array(bookingRowSchema)),
  }, ({ deps, body, caller }) => updateBookings(deps.db, caller, body)),
  route({
    method: "put", path: "/Bookings/update/{bookingRef}", permission, tag, params: bookingRefParam, body: bookingUpdate,
    summary: "Change a Draft or Sent booking; it is priced again; a stale dateModified is a 409",
    response: written(bookingRowSchema),
  }, ({ deps, params, body, caller }) => updateBooking(deps.db, caller, params.bookingRef, body)),
  route({
    method: "delete", path: "/Bookings/delete/{bookingRef}", permission, tag, params: bookingRefParam,
    summary: "Delete a Draft or Sent booking",
    response: z.object({ message: z.string() }),
  }, ({ deps, params, caller }) => deleteBooking(deps.db, caller, params.bookingRef)),
  route({
    method: "post", path: "/Bookings/lanes", permission, tag, body: laneQuery,
    summary: "The quotation lanes (sqReportsBooking) a booking of the shipper on the voyage can be priced from",
    response: listOf(laneOption),
  }, ({ deps, body, caller }) => bookingLanes(deps.db, caller, body)),
  route({
    method: "post", path: "/Bookings/price", permission, tag, body: priceBody,
    summary: "The live price of the booking form: the charges a save would write, without saving",
    response: z.object({ data: priceRow }),
  }, ({ deps, body, caller }) => previewPrice(deps.db, caller, body)),
  route({
    method: "post", path: "/Bookings/sendLink", permission, tag, body: sendLinkBody,
    summary: "E-mail the batch's link to the customer (a new token each time; the older link stops working)",
    response: written(batchRow),
  }, ({ c, deps, body, caller }) => sendBookingLink(deps.db, caller, body, { linkBase: linkBase(c, deps.config) })),
  route({
    method: "post", path: "/Bookings/confirmBatch", permission, tag, body: z.object({ bookingBatchRef: batchRefField }),
    summary: "Confirm every waiting booking of a batch; door bookings need their addresses and areas",
    response: written(batchWithBookingsRow),
  }, ({ deps, body, caller }) => confirmBatch(deps.db, caller, body.bookingBatchRef)),
  route({
    method: "post", path: "/Bookings/confirm", permission, tag, body: bookingRefsBody,
    summary: "Confirm chosen Draft or Sent bookings",
    response: written(z.array(bookingRowSchema)),
  }, ({ deps, body, caller }) => confirmBookings(deps.db, caller, body.bookingRefs)),
  route({
    method: "post", path: "/Bookings/issueATW", permission, tag, body: issueAtwBody,
    summary: "Issue the authority to withdraw of confirmed bookings to an authorised trucker",
    response: written(z.array(bookingRowSchema)),
  }, ({ deps, body, caller }) => issueAtw(deps.db, caller, body)),
  route({
    method: "get", path: "/Bookings/atw/{bookingRef}", permission, tag, params: bookingRefParam,
    summary: "The authority to withdraw as a PDF",
  }, async ({ deps, params, caller }) => fileResponse(await atwDocument(deps.db, params.bookingRef, caller))),
  route({
    method: "get", path: "/Bookings/bookingSlip/{bookingRef}", permission, tag, params: bookingRefParam,
    summary: "The cargo booking slip as a PDF",
  }, async ({ deps, params, caller }) => fileResponse(await bookingSlip(deps.db, params.bookingRef, caller))),
  route({
    method: "post", path: "/Bookings/clone", permission, tag, body: bookingRefsBody,
    summary: "Copy bookings into their batch as new Drafts priced today; an expired original becomes Cloned",
    response: written(z.array(bookingRowSchema)),
  }, ({ deps, body, caller }) => cloneBookings(deps.db, caller, body.bookingRefs)),
  route({
    method: "post", path: "/Bookings/cloneBatch", permission, tag,
    body: z.object({ bookingBatchRef: batchRefField, voyageNum: z.string().trim().min(1).max(40).optional() }),
    summary: "Copy a batch, onto another voyage when named; an expired batch becomes Cloned",
    response: written(batchWithBookingsRow),
  }, ({ deps, body, caller }) => cloneBatch(deps.db, caller, body)),
  route({
    method: "post", path: "/Bookings/expire", permission, tag, body: bookingRefsBody,
    summary: "Expire chosen Draft or Sent bookings",
    response: written(z.array(bookingRowSchema)),
  }, ({ deps, body, caller }) => expireBookings(deps.db, caller, body.bookingRefs)),
  route({
    method: "post", path: "/Bookings/expireBooking", permission, tag, body: expireBody,
    summary: "Expire every Draft or Sent booking whose voyage has left or whose pick-up date has passed (dryRun only names them)",
    response: written(z.object({ expired: z.array(z.string()), dryRun: z.boolean() })),
  }, ({ deps, body, caller }) => expireOverdue(deps.db, { dryRun: body.dryRun, actor: caller })),
  route({
    method: "post", path: "/Bookings/pickUpList", permission, tag, body: deliveryListQuery,
    summary: "Door pick-ups of a branch between two pick-up dates",
    response: listOf(deliveryListLine),
  }, ({ deps, body, caller }) => pickUpList(deps.db, body, caller)),
  route({
    method: "post", path: "/Bookings/pickUpList/download", permission, tag, body: deliveryListQuery,
    summary: "The pick-up list as PickUpList.xlsx",
  }, async ({ deps, body, caller }) => fileResponse(await pickUpListFile(deps.db, body, caller))),
  route({
    method: "post", path: "/Bookings/inboundDeliveryList", permission, tag, body: deliveryListQuery,
    summary: "Confirmed door deliveries bound for a branch, by booking date",
    response: listOf(deliveryListLine),
  }, ({ deps, body, caller }) => inboundDeliveryList(deps.db, body, caller)),
  route({
    method: "post", path: "/Bookings/inboundDeliveryList/download", permission, tag, body: deliveryListQuery,
    summary: "The inbound delivery list as a workbook",
  }, async ({ deps, body, caller }) => fileResponse(await deliveryListFile(deps.db, body, caller))),

  // Public pages: customers and truckers open them from links, without signing in.
  route({
    method: "get", path: "/Bookings/link/{token}", permission: "public", tag, params: tokenParam, errors: [410],
    summary: "The batch a booking link opens: its bookings and the choices the form needs (404 unknown, 410 used or expired)",
    response: z.object({ data: linkView }),
  }, ({ deps, params }) => openLink(deps.db, params.token)),
  route({
    method: "post", path: "/Bookings/link/{token}", permission: "public", tag, params: tokenParam, body: linkSubmitBody, errors: [410],
    summary: "The customer submits the completed bookings; the link then stops working",
    response: written(z.object({ bookingRefs: z.array(z.string()) })),
  }, ({ deps, params, body }) => submitLink(deps.db, params.token, body)),
  route({
    method: "get", path: "/Bookings/authorizationLetter/{id}", permission: "public", tag, params: publicIdParam,
    summary: "The authorization letter a trucker shows, by the booking's unguessable id",
    response: z.object({ data: truckerView }),
  }, ({ deps, params }) => authorizationLetter(deps.db, params.id)),
  route({
    method: "get", path: "/Bookings/authorizationLetter/{id}/pdf", permission: "public", tag, params: publicIdParam,
    summary: "The authority to withdraw as a PDF, by the booking's unguessable id",
  }, async ({ deps, params }) => fileResponse(await atwDocumentByPublicId(deps.db, params.id))),
  route({
    method: "get", path: "/Bookings/pickUpRequest/{id}", permission: "public", tag, params: publicIdParam,
    summary: "The pick-up request to the trucker, by the booking's unguessable id",
    response: z.object({ data: truckerView }),
  }, ({ deps, params }) => pickUpRequest(deps.db, params.id)),
  route({
    method: "get", path: "/Bookings/shipmentTracking/{bookingRef}", permission: "public", tag, params: trackingParam, errors: [429],
    summary: "Where a booking's cargo is: origin, destination, vessel, voyage and the progress stages (rate-limited)",
    response: z.object({ data: trackingView }),
  }, ({ c, deps, params }) => {
    limitTracking(deps, clientAddress(c));
    return trackShipment(deps.db, params.bookingRef);
  }),
];

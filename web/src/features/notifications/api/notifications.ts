import type { CreateNotificationInput, NotificationRow } from "../../../../../api/modules/notifications/schemas.ts";
import type { ListResult } from "../../../../../api/shared/contracts.ts";
import { api } from "../../../lib/api.ts";
import { loadActiveRoles } from "../../../lib/data/pickers.ts";

export type { NotificationRow };

export const notificationsApi = {
  unread: () => api.get<ListResult<NotificationRow>>("/Notifications/getDataMongoByRoleId"),
  page: (skip: number, take: number) => api.get<ListResult<NotificationRow>>("/Notifications/getAllDataMongoByRoleId", { skip, take }),
  markViewed: (id: number) => api.put<{ data: NotificationRow; message: string }>(`/Notifications/updateIsViewed/${id}`),
  clearAll: () => api.put<{ data: { cleared: number }; message: string }>("/Notifications/clearAll"),
  /** Who a notification may go to: the active roles and the active users (the first 200). */
  recipients: () =>
    Promise.all([
      loadActiveRoles<{ roleId: string; roleName: string }>(true),
      api.get<{ data: { userId: string; name: string }[] }>("/users/load", { skip: 0, take: 200, filter: "IsActive" }).then((r) => r.data),
    ]),
  send: (input: Omit<CreateNotificationInput, "url"> & { url?: string }) =>
    api.post<{ data: { recipients: number }; message: string }>("/Notifications/CreateWebPush", input),
};

-- Quotations, bookings and batches are now kept to their branch. An installation seeded before that gives its
-- administrator role what a first start gives it today: every branch, and the quotation lists and reports
-- (viewing only, no approval flag), so the administrator does not lose sight of records it saw before.
INSERT INTO "role_details" ("role_id", "type", "menu_id", "is_allowed")
SELECT r."id", 'CAPABILITY', c."menu_id", true
FROM "roles" r
CROSS JOIN (VALUES ('ALL_BRANCHES'), ('SQ_SBM'), ('SQ_APPROVED_VIEWER'), ('VOYAGE_FREIGHT_REVENUE_REPORT'), ('CSR_REPORT'), ('SQ_AGING_REPORT'), ('SOUNDING_REPORT')) AS c("menu_id")
WHERE r."role_id" = 'ADMIN'
ON CONFLICT DO NOTHING;

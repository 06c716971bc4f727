ALTER TABLE "job_runs" DROP CONSTRAINT "job_runs_job_day";--> statement-breakpoint
ALTER TABLE "job_runs" ADD COLUMN "occurrence" timestamp (3) with time zone;--> statement-breakpoint
-- A day claimed before occurrences were the key becomes that day's occurrence of its job (Manila is UTC+8):
-- sq-expire ran at 00:05 and booking-expire at 00:10 Manila time.
UPDATE "job_runs" SET "occurrence" = (("run_date" + CASE "job" WHEN 'sq-expire' THEN time '00:05' WHEN 'booking-expire' THEN time '00:10' ELSE time '00:00' END) - interval '8 hours') AT TIME ZONE 'UTC';--> statement-breakpoint
ALTER TABLE "job_runs" ALTER COLUMN "occurrence" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "job_runs" ADD CONSTRAINT "job_runs_job_occurrence" UNIQUE("job","occurrence");

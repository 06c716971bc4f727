CREATE TABLE "job_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "job_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"job" text NOT NULL,
	"run_date" date NOT NULL,
	"runner" text NOT NULL,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_runs_job_day" UNIQUE("job","run_date")
);

CREATE TABLE "account_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "account_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_key" integer NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"used_at" timestamp (3) with time zone,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sign_in_guards" (
	"account_key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp (3) with time zone,
	"lock_level" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_branches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_branches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_key" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"default_branch" boolean DEFAULT false NOT NULL,
	CONSTRAINT "user_branches_user_branch" UNIQUE("user_key","branch_id")
);
--> statement-breakpoint
CREATE TABLE "user_cys" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_cys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_key" integer NOT NULL,
	"cy_code" text NOT NULL,
	CONSTRAINT "user_cys_user_cy" UNIQUE("user_key","cy_code")
);
--> statement-breakpoint
CREATE TABLE "container_yards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "container_yards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"branch_code" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"user_created" text,
	"user_modified" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "container_yards_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"actor" text,
	"action" text NOT NULL,
	"target" text,
	"detail" jsonb,
	"address" text
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "email_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"template" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp (3) with time zone,
	"requested_by" text,
	"meta" jsonb,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"message" text NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"user_id" text,
	"role_id" text,
	"sender" text,
	"is_viewed" boolean DEFAULT false NOT NULL,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "role_details" DROP CONSTRAINT "role_details_role_menu";--> statement-breakpoint
ALTER TABLE "role_details" ADD COLUMN "type" text DEFAULT 'MENU' NOT NULL;--> statement-breakpoint
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_user_key_users_id_fk" FOREIGN KEY ("user_key") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_branches" ADD CONSTRAINT "user_branches_user_key_users_id_fk" FOREIGN KEY ("user_key") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_branches" ADD CONSTRAINT "user_branches_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_cys" ADD CONSTRAINT "user_cys_user_key_users_id_fk" FOREIGN KEY ("user_key") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_cys" ADD CONSTRAINT "user_cys_cy_code_container_yards_code_fk" FOREIGN KEY ("cy_code") REFERENCES "public"."container_yards"("code") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "container_yards" ADD CONSTRAINT "container_yards_branch_code_branches_code_fk" FOREIGN KEY ("branch_code") REFERENCES "public"."branches"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "account_tokens_user_idx" ON "account_tokens" USING btree ("user_key");--> statement-breakpoint
CREATE UNIQUE INDEX "user_branches_one_default" ON "user_branches" USING btree ("user_key") WHERE "user_branches"."default_branch";--> statement-breakpoint
CREATE INDEX "container_yards_branch_code_idx" ON "container_yards" USING btree ("branch_code");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","at");--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "email_outbox_created_idx" ON "email_outbox" USING btree ("date_created");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","is_viewed");--> statement-breakpoint
CREATE INDEX "notifications_role_idx" ON "notifications" USING btree ("role_id","is_viewed");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_user_cy_container_yards_code_fk" FOREIGN KEY ("user_cy") REFERENCES "public"."container_yards"("code") ON DELETE set null ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "role_details" ADD CONSTRAINT "role_details_role_menu" UNIQUE("role_id","type","menu_id");
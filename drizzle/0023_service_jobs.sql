CREATE TABLE "plan_visits" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"due_on" date NOT NULL,
	"job_id" integer NOT NULL,
	"token" text NOT NULL,
	"notified_at" timestamp with time zone NOT NULL,
	"reminded_at" timestamp with time zone,
	"done_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "jobs" ALTER COLUMN "quote_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ALTER COLUMN "quote_version" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ALTER COLUMN "alternative" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "kind" text DEFAULT 'instalacion' NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "units" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "plan_visits" ADD CONSTRAINT "plan_visits_plan_id_maintenance_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."maintenance_plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_visits" ADD CONSTRAINT "plan_visits_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "plan_visits_plan_due_unique" ON "plan_visits" USING btree ("plan_id","due_on");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_visits_job_unique" ON "plan_visits" USING btree ("job_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_visits_token_unique" ON "plan_visits" USING btree ("token");--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_quote_of_installation" CHECK (("jobs"."kind" = 'instalacion') = ("jobs"."quote_id" is not null and "jobs"."quote_version" is not null and "jobs"."alternative" is not null));
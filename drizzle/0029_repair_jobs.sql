ALTER TABLE "jobs" ADD COLUMN "repair" jsonb;--> statement-breakpoint
ALTER TABLE "repair_requests" ADD COLUMN "token" text DEFAULT translate(encode(decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/=', '-_') NOT NULL;--> statement-breakpoint
ALTER TABLE "repair_requests" ADD COLUMN "job_id" integer;--> statement-breakpoint
ALTER TABLE "repair_requests" ADD CONSTRAINT "repair_requests_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "repair_requests_token_unique" ON "repair_requests" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "repair_requests_job_unique" ON "repair_requests" USING btree ("job_id");--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_terms_of_repair" CHECK (("jobs"."kind" = 'reparacion') = ("jobs"."repair" is not null));
ALTER TABLE "refunds" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "job_charge_id" integer;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_job_charge_id_job_charges_id_fk" FOREIGN KEY ("job_charge_id") REFERENCES "public"."job_charges"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_job_charge_idx" ON "refunds" USING btree ("job_charge_id","created_at");--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_or_job_charge" CHECK (num_nonnulls("refunds"."order_id", "refunds"."job_charge_id") = 1);
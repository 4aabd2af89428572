CREATE TABLE "installed_units" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"customer_email" text NOT NULL,
	"product_id" integer,
	"brand" text DEFAULT '' NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"serial_number" text NOT NULL,
	"installed_on" date NOT NULL,
	"labour_warranty_until" date NOT NULL,
	"parts_warranty_until" date NOT NULL,
	"legal_guarantee_until" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"content" jsonb NOT NULL,
	"photo_image_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"technician_id" text,
	"technician_name" text DEFAULT '' NOT NULL,
	"signature" text NOT NULL,
	"signer_name" text DEFAULT '' NOT NULL,
	"signer_id_number" text DEFAULT '' NOT NULL,
	"extras_total_cents" integer DEFAULT 0 NOT NULL,
	"document_sha256" text NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"state" text DEFAULT 'pendiente' NOT NULL,
	"due_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"pay_method" text,
	"bank_reference" text,
	"paid_recorded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_charges_amount_positive" CHECK ("job_charges"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "payment_attempts" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "private" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "charge_id" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "job_charge_id" integer;--> statement-breakpoint
ALTER TABLE "installed_units" ADD CONSTRAINT "installed_units_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installed_units" ADD CONSTRAINT "installed_units_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_reports" ADD CONSTRAINT "work_reports_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_reports" ADD CONSTRAINT "work_reports_technician_id_user_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_charges" ADD CONSTRAINT "job_charges_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "installed_units_email_idx" ON "installed_units" USING btree (lower("customer_email"));--> statement-breakpoint
CREATE INDEX "installed_units_job_idx" ON "installed_units" USING btree ("job_id");--> statement-breakpoint
CREATE UNIQUE INDEX "work_reports_job_unique" ON "work_reports" USING btree ("job_id");--> statement-breakpoint
CREATE UNIQUE INDEX "work_reports_idempotency_unique" ON "work_reports" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "job_charges_one_live" ON "job_charges" USING btree ("job_id","kind") WHERE "job_charges"."state" <> 'anulado';--> statement-breakpoint
CREATE INDEX "job_charges_due_idx" ON "job_charges" USING btree ("state","due_at");--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_charge_id_job_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."job_charges"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_job_charge_id_job_charges_id_fk" FOREIGN KEY ("job_charge_id") REFERENCES "public"."job_charges"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_attempts_charge_idx" ON "payment_attempts" USING btree ("charge_id","created_at");--> statement-breakpoint
CREATE INDEX "invoices_job_charge_idx" ON "invoices" USING btree ("job_charge_id");--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_order_or_charge" CHECK (num_nonnulls("payment_attempts"."order_id", "payment_attempts"."charge_id") = 1);--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_or_job_charge" CHECK (num_nonnulls("invoices"."order_id", "invoices"."job_charge_id") = 1);--> statement-breakpoint
CREATE FUNCTION work_reports_are_final() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'un parte de trabajo firmado no se cambia ni se borra';
END;
$$;--> statement-breakpoint
CREATE TRIGGER work_reports_final BEFORE UPDATE OR DELETE ON "work_reports" FOR EACH ROW EXECUTE FUNCTION work_reports_are_final();

CREATE TABLE "repair_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer,
	"customer_email" text NOT NULL,
	"customer_name" text NOT NULL,
	"customer_phone" text NOT NULL,
	"address" text NOT NULL,
	"postcode" text NOT NULL,
	"town" text NOT NULL,
	"installed_unit_id" integer,
	"plan_id" integer,
	"family" text NOT NULL,
	"brand" text DEFAULT '' NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"serial_number" text DEFAULT '' NOT NULL,
	"problem" text NOT NULL,
	"urgency" text NOT NULL,
	"availability" text DEFAULT '' NOT NULL,
	"photo_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"coverage" jsonb NOT NULL,
	"source" text NOT NULL,
	"taken_by" text,
	"state" text DEFAULT 'nueva' NOT NULL,
	"owner_notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "repair_requests_call_out" CHECK (("repair_requests"."coverage"->>'callOutCents')::int >= 0)
);
--> statement-breakpoint
ALTER TABLE "repair_requests" ADD CONSTRAINT "repair_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_requests" ADD CONSTRAINT "repair_requests_installed_unit_id_installed_units_id_fk" FOREIGN KEY ("installed_unit_id") REFERENCES "public"."installed_units"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_requests" ADD CONSTRAINT "repair_requests_plan_id_maintenance_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."maintenance_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "repair_requests_state_idx" ON "repair_requests" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "repair_requests_email_idx" ON "repair_requests" USING btree (lower("customer_email"));--> statement-breakpoint
CREATE INDEX "repair_requests_customer_idx" ON "repair_requests" USING btree ("customer_id");
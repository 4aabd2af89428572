CREATE TABLE "maintenance_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer,
	"customer_email" text NOT NULL,
	"customer_name" text NOT NULL,
	"customer_phone" text DEFAULT '' NOT NULL,
	"buyer" jsonb NOT NULL,
	"place" jsonb NOT NULL,
	"family" text NOT NULL,
	"state" text DEFAULT 'activo' NOT NULL,
	"price_cents" integer NOT NULL,
	"covers" jsonb NOT NULL,
	"started_on" date NOT NULL,
	"renews_on" date NOT NULL,
	"renewal_method" text DEFAULT 'transferencia' NOT NULL,
	"sepa_mandate_id" integer,
	"source" text NOT NULL,
	"order_id" integer,
	"order_line_id" integer,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" text,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maintenance_plans_price_positive" CHECK ("maintenance_plans"."price_cents" > 0),
	CONSTRAINT "maintenance_plans_renews_after_start" CHECK ("maintenance_plans"."renews_on" > "maintenance_plans"."started_on")
);
--> statement-breakpoint
CREATE TABLE "plan_renewals" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"renews_on" date NOT NULL,
	"amount_cents" integer NOT NULL,
	"method" text NOT NULL,
	"state" text DEFAULT 'pendiente' NOT NULL,
	"notified_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"bank_reference" text,
	"paid_recorded_by" text,
	"sepa_message_id" text,
	"sepa_sequence" text,
	"collection_on" date,
	"return_reason" text,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_renewals_amount_positive" CHECK ("plan_renewals"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "plan_units" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"installed_unit_id" integer,
	"order_line_id" integer,
	"product_id" integer,
	"equipment" text NOT NULL,
	"brand" text DEFAULT '' NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"serial_number" text DEFAULT '' NOT NULL,
	"installed_on" date,
	"power_kw" double precision,
	"refrigerant" text,
	"charge_kg" double precision,
	"hermetically_sealed" boolean DEFAULT false NOT NULL,
	"leak_detection" boolean DEFAULT false NOT NULL,
	"last_maintained_on" date,
	"declared" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_units_power" CHECK ("plan_units"."power_kw" is null or ("plan_units"."power_kw" > 0 and "plan_units"."power_kw" < 10000)),
	CONSTRAINT "plan_units_charge" CHECK ("plan_units"."charge_kg" is null or ("plan_units"."charge_kg" > 0 and "plan_units"."charge_kg" < 10000))
);
--> statement-breakpoint
CREATE TABLE "sepa_mandates" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"customer_email" text NOT NULL,
	"debtor_name" text NOT NULL,
	"iban" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"signed_ip" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"wording" text NOT NULL,
	"first_collected_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_order_or_job_charge";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "plan_renewal_id" integer;--> statement-breakpoint
ALTER TABLE "maintenance_plans" ADD CONSTRAINT "maintenance_plans_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_plans" ADD CONSTRAINT "maintenance_plans_sepa_mandate_id_sepa_mandates_id_fk" FOREIGN KEY ("sepa_mandate_id") REFERENCES "public"."sepa_mandates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_plans" ADD CONSTRAINT "maintenance_plans_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_plans" ADD CONSTRAINT "maintenance_plans_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_renewals" ADD CONSTRAINT "plan_renewals_plan_id_maintenance_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."maintenance_plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_units" ADD CONSTRAINT "plan_units_plan_id_maintenance_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."maintenance_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_units" ADD CONSTRAINT "plan_units_installed_unit_id_installed_units_id_fk" FOREIGN KEY ("installed_unit_id") REFERENCES "public"."installed_units"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_units" ADD CONSTRAINT "plan_units_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_units" ADD CONSTRAINT "plan_units_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "maintenance_plans_order_line_unique" ON "maintenance_plans" USING btree ("order_line_id");--> statement-breakpoint
CREATE INDEX "maintenance_plans_email_idx" ON "maintenance_plans" USING btree (lower("customer_email"));--> statement-breakpoint
CREATE INDEX "maintenance_plans_customer_idx" ON "maintenance_plans" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "maintenance_plans_state_renews_idx" ON "maintenance_plans" USING btree ("state","renews_on");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_renewals_plan_day_unique" ON "plan_renewals" USING btree ("plan_id","renews_on");--> statement-breakpoint
CREATE INDEX "plan_renewals_state_idx" ON "plan_renewals" USING btree ("state","renews_on");--> statement-breakpoint
CREATE INDEX "plan_units_plan_idx" ON "plan_units" USING btree ("plan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sepa_mandates_reference_unique" ON "sepa_mandates" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "sepa_mandates_email_idx" ON "sepa_mandates" USING btree (lower("customer_email"));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_plan_renewal_id_plan_renewals_id_fk" FOREIGN KEY ("plan_renewal_id") REFERENCES "public"."plan_renewals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_plan_renewal_idx" ON "invoices" USING btree ("plan_renewal_id");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_or_job_charge" CHECK (num_nonnulls("invoices"."order_id", "invoices"."job_charge_id", "invoices"."plan_renewal_id") = 1);
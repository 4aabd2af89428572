CREATE TABLE "blocked_days" (
	"day" date PRIMARY KEY NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"slot_minutes" integer DEFAULT 60 NOT NULL,
	"horizon_days" integer DEFAULT 14 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_settings_single_row" CHECK ("booking_settings"."id" = 1),
	CONSTRAINT "booking_settings_slot_range" CHECK ("booking_settings"."slot_minutes" between 15 and 480),
	CONSTRAINT "booking_settings_horizon_range" CHECK ("booking_settings"."horizon_days" between 1 and 90)
);
--> statement-breakpoint
CREATE TABLE "public_holidays" (
	"day" date PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit_hours" (
	"id" serial PRIMARY KEY NOT NULL,
	"weekday" integer NOT NULL,
	"starts_at" text NOT NULL,
	"ends_at" text NOT NULL,
	CONSTRAINT "visit_hours_weekday_range" CHECK ("visit_hours"."weekday" between 1 and 7),
	CONSTRAINT "visit_hours_order" CHECK ("visit_hours"."starts_at" < "visit_hours"."ends_at")
);
--> statement-breakpoint
CREATE TABLE "visits" (
	"id" serial PRIMARY KEY NOT NULL,
	"contact_request_id" integer,
	"token" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'reservada' NOT NULL,
	"technician_id" text,
	"name" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"town" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"reminder_sent_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visits_order" CHECK ("visits"."ends_at" > "visits"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "quote_responses" (
	"id" serial PRIMARY KEY NOT NULL,
	"quote_id" integer NOT NULL,
	"version" integer NOT NULL,
	"kind" text NOT NULL,
	"alternative" text,
	"full_name" text DEFAULT '' NOT NULL,
	"signature_kind" text,
	"signature" text,
	"statement_accepted" boolean DEFAULT false NOT NULL,
	"used_materials_authorised" boolean DEFAULT false NOT NULL,
	"reduced_vat_confirmed" boolean DEFAULT false NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"document_sha256" text NOT NULL,
	"total_cents" integer,
	"deposit_cents" integer,
	"ip" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_versions" (
	"quote_id" integer NOT NULL,
	"version" integer NOT NULL,
	"document" jsonb NOT NULL,
	"document_sha256" text NOT NULL,
	"valid_until" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_by" text NOT NULL,
	CONSTRAINT "quote_versions_quote_id_version_pk" PRIMARY KEY("quote_id","version")
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"contact_request_id" integer,
	"status" text DEFAULT 'borrador' NOT NULL,
	"customer" jsonb NOT NULL,
	"work_place" jsonb NOT NULL,
	"draft" jsonb NOT NULL,
	"current_version" integer DEFAULT 0 NOT NULL,
	"token" text NOT NULL,
	"valid_until" date,
	"sent_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"quote_id" integer NOT NULL,
	"quote_version" integer NOT NULL,
	"alternative" text NOT NULL,
	"status" text DEFAULT 'pendiente_programar' NOT NULL,
	"technician_id" text,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"customer" jsonb NOT NULL,
	"work_place" jsonb NOT NULL,
	"held_units" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"cancel_reason" text,
	"reminder_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_times" CHECK (("jobs"."starts_at" is null and "jobs"."ends_at" is null) or "jobs"."ends_at" > "jobs"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_contact_request_id_contact_requests_id_fk" FOREIGN KEY ("contact_request_id") REFERENCES "public"."contact_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_technician_id_user_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_responses" ADD CONSTRAINT "quote_responses_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_versions" ADD CONSTRAINT "quote_versions_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_contact_request_id_contact_requests_id_fk" FOREIGN KEY ("contact_request_id") REFERENCES "public"."contact_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_technician_id_user_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visit_hours_weekday_idx" ON "visit_hours" USING btree ("weekday");--> statement-breakpoint
CREATE UNIQUE INDEX "visits_token_unique" ON "visits" USING btree ("token");--> statement-breakpoint
CREATE INDEX "visits_starts_idx" ON "visits" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "visits_request_idx" ON "visits" USING btree ("contact_request_id");--> statement-breakpoint
CREATE INDEX "quote_responses_quote_idx" ON "quote_responses" USING btree ("quote_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "quote_responses_one_acceptance" ON "quote_responses" USING btree ("quote_id","version") WHERE "quote_responses"."kind" = 'aceptado';--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_number_unique" ON "quotes" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_sequence_unique" ON "quotes" USING btree ("year","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_token_unique" ON "quotes" USING btree ("token");--> statement-breakpoint
CREATE INDEX "quotes_request_idx" ON "quotes" USING btree ("contact_request_id");--> statement-breakpoint
CREATE INDEX "quotes_customer_email_idx" ON "quotes" USING btree (lower("customer"->>'email'));--> statement-breakpoint
CREATE INDEX "quotes_status_created_idx" ON "quotes" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_unique" ON "calendar_feeds" USING btree ("token");--> statement-breakpoint
CREATE INDEX "calendar_feeds_user_idx" ON "calendar_feeds" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_quote_unique" ON "jobs" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "jobs_starts_idx" ON "jobs" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "jobs_technician_starts_idx" ON "jobs" USING btree ("technician_id","starts_at");--> statement-breakpoint
CREATE INDEX "jobs_status_idx" ON "jobs" USING btree ("status","created_at");--> statement-breakpoint
-- Two reserved visits never overlap (issue 17): two customers racing for the last slot, on any
-- number of instances, get one booking and one refusal (SQLSTATE 23P01).
ALTER TABLE "visits" ADD CONSTRAINT "visits_no_overlap" EXCLUDE USING gist (tstzrange("starts_at", "ends_at") WITH &&) WHERE ("state" = 'reservada');
--> statement-breakpoint
-- Sent quote versions and the customer's answers are records: never changed, never deleted.
CREATE FUNCTION quote_records_are_final() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'los registros de % no se modifican ni se borran', TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER quote_versions_final BEFORE UPDATE OR DELETE ON "quote_versions" FOR EACH ROW EXECUTE FUNCTION quote_records_are_final();
--> statement-breakpoint
CREATE TRIGGER quote_responses_final BEFORE UPDATE OR DELETE ON "quote_responses" FOR EACH ROW EXECUTE FUNCTION quote_records_are_final();
--> statement-breakpoint
-- A fresh start books visits in the shop's published hours (Monday to Friday 10:00-14:00 and
-- 15:00-18:30, the home's contact block), one hour each, two weeks ahead; the back office changes them.
INSERT INTO "booking_settings" ("id", "slot_minutes", "horizon_days") VALUES (1, 60, 14);
--> statement-breakpoint
INSERT INTO "visit_hours" ("weekday", "starts_at", "ends_at")
SELECT d, h.s, h.e FROM generate_series(1, 5) AS d, (VALUES ('10:00', '14:00'), ('15:00', '18:30')) AS h(s, e);
--> statement-breakpoint
-- Public holidays: the Comunidad de Madrid's twelve of 2026 (its decree of September 2025), the
-- city of Madrid's two local ones, and the two fixed ones of January 2027. The owner adds each
-- year's list from the BOCM in the back office, which warns when the coming weeks have none.
INSERT INTO "public_holidays" ("day", "name") VALUES
  ('2026-01-01', 'Año Nuevo'),
  ('2026-01-06', 'Epifanía del Señor'),
  ('2026-04-02', 'Jueves Santo'),
  ('2026-04-03', 'Viernes Santo'),
  ('2026-05-01', 'Fiesta del Trabajo'),
  ('2026-05-02', 'Fiesta de la Comunidad de Madrid'),
  ('2026-05-15', 'San Isidro (Madrid capital)'),
  ('2026-08-15', 'Asunción de la Virgen'),
  ('2026-10-12', 'Fiesta Nacional de España'),
  ('2026-11-02', 'Todos los Santos (trasladado)'),
  ('2026-11-09', 'Nuestra Señora de la Almudena (Madrid capital)'),
  ('2026-12-07', 'Día de la Constitución Española (trasladado)'),
  ('2026-12-08', 'Inmaculada Concepción'),
  ('2026-12-25', 'Natividad del Señor'),
  ('2027-01-01', 'Año Nuevo'),
  ('2027-01-06', 'Epifanía del Señor');

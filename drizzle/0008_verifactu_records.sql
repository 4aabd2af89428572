CREATE TABLE "verifactu_chain" (
	"id" integer PRIMARY KEY NOT NULL,
	"last_record_id" integer,
	"records" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verifactu_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"kind" text NOT NULL,
	"previous_id" integer,
	"number" text NOT NULL,
	"huella" text NOT NULL,
	"generated_at" timestamp with time zone NOT NULL,
	"registro" jsonb NOT NULL,
	CONSTRAINT "verifactu_records_huella_hex" CHECK ("verifactu_records"."huella" ~ '^[0-9A-F]{64}$')
);
--> statement-breakpoint
CREATE TABLE "verifactu_sender" (
	"id" integer PRIMARY KEY NOT NULL,
	"busy_until" timestamp with time zone,
	"next_send_at" timestamp with time zone,
	"last_tried_at" timestamp with time zone,
	"last_outcome" text
);
--> statement-breakpoint
CREATE TABLE "verifactu_submissions" (
	"record_id" integer PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'pendiente' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"csv" text,
	"error_code" text,
	"error_text" text
);
--> statement-breakpoint
ALTER TABLE "verifactu_chain" ADD CONSTRAINT "verifactu_chain_last_record_id_verifactu_records_id_fk" FOREIGN KEY ("last_record_id") REFERENCES "public"."verifactu_records"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verifactu_records" ADD CONSTRAINT "verifactu_records_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verifactu_submissions" ADD CONSTRAINT "verifactu_submissions_record_id_verifactu_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."verifactu_records"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "verifactu_records_previous_unique" ON "verifactu_records" USING btree ("previous_id");--> statement-breakpoint
CREATE UNIQUE INDEX "verifactu_records_huella_unique" ON "verifactu_records" USING btree ("huella");--> statement-breakpoint
CREATE INDEX "verifactu_records_invoice_idx" ON "verifactu_records" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "verifactu_records_generated_idx" ON "verifactu_records" USING btree ("generated_at","id");--> statement-breakpoint
CREATE INDEX "verifactu_submissions_state_idx" ON "verifactu_submissions" USING btree ("state","record_id");--> statement-breakpoint
ALTER TABLE "verifactu_records" ADD CONSTRAINT "verifactu_records_previous_id_fk" FOREIGN KEY ("previous_id") REFERENCES "public"."verifactu_records"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "verifactu_records_one_first" ON "verifactu_records" USING btree ((true)) WHERE "previous_id" IS NULL;--> statement-breakpoint
ALTER TABLE "verifactu_submissions" ADD CONSTRAINT "verifactu_submissions_state_known" CHECK ("state" IN ('pendiente', 'aceptado', 'aceptado con errores', 'rechazado'));--> statement-breakpoint
INSERT INTO "verifactu_chain" ("id", "last_record_id", "records") VALUES (1, NULL, 0);--> statement-breakpoint
INSERT INTO "verifactu_sender" ("id") VALUES (1);--> statement-breakpoint
CREATE FUNCTION verifactu_records_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'a VERI*FACTU billing record is never changed or deleted';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER verifactu_records_append_only BEFORE UPDATE OR DELETE ON "verifactu_records" FOR EACH ROW EXECUTE FUNCTION verifactu_records_refuse_change();

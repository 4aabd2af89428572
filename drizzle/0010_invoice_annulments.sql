CREATE TABLE "invoice_annulments" (
	"invoice_id" integer PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"annulled_at" timestamp with time zone NOT NULL,
	"actor" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice_annulments" ADD CONSTRAINT "invoice_annulments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;
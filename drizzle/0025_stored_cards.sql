CREATE TABLE "card_charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"stored_card_id" integer NOT NULL,
	"code" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"description" text NOT NULL,
	"state" text DEFAULT 'enviado' NOT NULL,
	"response_code" text,
	"response_meaning" text,
	"authorisation_code" text,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_charges_amount_positive" CHECK ("card_charges"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "stored_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_email" text NOT NULL,
	"order_id" integer,
	"first_code" text NOT NULL,
	"identifier" text NOT NULL,
	"cof_txn_id" text NOT NULL,
	"expiry" text NOT NULL,
	"last4" text,
	"brand" text,
	"forgotten_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "maintenance_plans" ADD COLUMN "stored_card_id" integer;--> statement-breakpoint
ALTER TABLE "plan_renewals" ADD COLUMN "card_charge_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "renewal_card_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "card_charges" ADD CONSTRAINT "card_charges_stored_card_id_stored_cards_id_fk" FOREIGN KEY ("stored_card_id") REFERENCES "public"."stored_cards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_cards" ADD CONSTRAINT "stored_cards_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_charges_code_unique" ON "card_charges" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "stored_cards_first_code_unique" ON "stored_cards" USING btree ("first_code");--> statement-breakpoint
CREATE INDEX "stored_cards_order_idx" ON "stored_cards" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "maintenance_plans" ADD CONSTRAINT "maintenance_plans_stored_card_id_stored_cards_id_fk" FOREIGN KEY ("stored_card_id") REFERENCES "public"."stored_cards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_renewals" ADD CONSTRAINT "plan_renewals_card_charge_id_card_charges_id_fk" FOREIGN KEY ("card_charge_id") REFERENCES "public"."card_charges"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "plan_renewals_card_charge_unique" ON "plan_renewals" USING btree ("card_charge_id");
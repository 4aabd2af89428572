-- Trigram similarity for search (issue 15): one typo tolerated. PGlite loads it as an extension (client.server.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "stock_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"email" text NOT NULL,
	"token" text NOT NULL,
	"state" text DEFAULT 'pendiente' NOT NULL,
	"consent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fgas_declarations" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"declarant_name" text NOT NULL,
	"declarant_id" text NOT NULL,
	"declared_at" timestamp with time zone DEFAULT now() NOT NULL,
	"installer_name" text DEFAULT '' NOT NULL,
	"installer_id" text DEFAULT '' NOT NULL,
	"installer_registration" text DEFAULT '' NOT NULL,
	"certificate" "bytea",
	"certificate_name" text,
	"certificate_type" text,
	"certificate_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "seer" double precision;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "scop" double precision;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sound_power_db" double precision;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "eprel_number" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "fgas_not_sealed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_text" text GENERATED ALWAYS AS (translate(lower(brand || ' ' || model || ' ' || type), 'áàâäãéèêëíìîïóòôöõúùûüñç', 'aaaaaeeeeiiiiooooouuuunc')) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, translate(lower(brand || ' ' || model || ' ' || type), 'áàâäãéèêëíìîïóòôöõúùûüñç', 'aaaaaeeeeiiiiooooouuuunc'))) STORED;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fgas_declarations" ADD CONSTRAINT "fgas_declarations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_token_unique" ON "stock_alerts" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_open_unique" ON "stock_alerts" USING btree ("product_id",lower("email")) WHERE "stock_alerts"."state" in ('pendiente', 'confirmado');--> statement-breakpoint
CREATE INDEX "stock_alerts_product_state_idx" ON "stock_alerts" USING btree ("product_id","state");--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_search_vector_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
-- Splits hold fluorinated gas joined on site (not hermetically sealed): every air conditioner of the catalogue and the bibloc heat pumps.
UPDATE "products" SET "fgas_not_sealed" = true WHERE "family" = 'aires' OR ("family" = 'aerotermia' AND "type" LIKE 'Bibloc%');
CREATE TABLE "page_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tag" text NOT NULL,
	"tx" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "page_changes_tx_idx" ON "page_changes" USING btree ("tx");--> statement-breakpoint
CREATE INDEX "page_changes_changed_at_idx" ON "page_changes" USING btree ("changed_at");--> statement-breakpoint
CREATE FUNCTION page_changes_of_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- What pages show of these products changed: their own pages, their families' lists, any
  -- list of every product (issue 14). Written in the changing transaction, with its id.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO page_changes (tag) SELECT DISTINCT unnest(ARRAY['p:' || id, 'f:' || family]) FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO page_changes (tag) SELECT DISTINCT unnest(ARRAY['p:' || id, 'f:' || family]) FROM old_rows;
  ELSE
    INSERT INTO page_changes (tag)
    SELECT DISTINCT unnest(ARRAY['p:' || id, 'f:' || family])
    FROM (SELECT id, family FROM old_rows UNION ALL SELECT id, family FROM new_rows) AS changed;
  END IF;
  IF FOUND THEN
    INSERT INTO page_changes (tag) VALUES ('products');
    PERFORM pg_notify('page_changes', '');
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_page_changes_insert AFTER INSERT ON "products" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION page_changes_of_products();
--> statement-breakpoint
CREATE TRIGGER products_page_changes_update AFTER UPDATE ON "products" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION page_changes_of_products();
--> statement-breakpoint
CREATE TRIGGER products_page_changes_delete AFTER DELETE ON "products" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION page_changes_of_products();
--> statement-breakpoint
CREATE FUNCTION page_changes_of_site() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The flags and the home page's pictures: every page shows the flags.
  INSERT INTO page_changes (tag) VALUES ('site');
  PERFORM pg_notify('page_changes', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER flags_page_changes AFTER INSERT OR UPDATE OR DELETE ON "flags" FOR EACH ROW EXECUTE FUNCTION page_changes_of_site();
--> statement-breakpoint
CREATE TRIGGER site_media_page_changes AFTER INSERT OR UPDATE OR DELETE ON "site_media" FOR EACH ROW EXECUTE FUNCTION page_changes_of_site();

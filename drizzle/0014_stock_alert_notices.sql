-- Back-in-stock notices (issue 15): when a product can be bought again (stock above zero and
-- visible, after it was not), every confirmed request for it is closed ("avisado") and one
-- e-mail per request is queued in the outbox, in the transaction that changed the product.
-- A trigger, not a call in each place that changes stock: the back office's editor, the CSV
-- import, a cancelled or refunded order that puts its units back, a payment window that
-- closes, and an UPDATE typed by hand all reach it, and a new path cannot forget it. Exactly
-- once, on any number of instances: the UPDATE of the product holds its row lock until
-- commit, so a concurrent change waits and then sees a stock already above zero (the WHEN
-- below is false); and a request moves from 'confirmado' to 'avisado' once, under its own row
-- lock. The e-mail's text is written by the outbox handler (app/server/stock-alerts), not here.
CREATE FUNCTION stock_alerts_back_in_stock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH closed AS (
    UPDATE stock_alerts SET state = 'avisado', notified_at = now()
     WHERE product_id = NEW.id AND state = 'confirmado'
    RETURNING id
  )
  INSERT INTO outbox (kind, payload, ref)
  SELECT 'stock_alert_notice', jsonb_build_object('alertId', id), 'stock-alert:' || id FROM closed;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_back_in_stock AFTER UPDATE ON "products" FOR EACH ROW
  WHEN (NEW.stock > 0 AND NEW.active AND NOT (OLD.stock > 0 AND OLD.active))
  EXECUTE FUNCTION stock_alerts_back_in_stock();

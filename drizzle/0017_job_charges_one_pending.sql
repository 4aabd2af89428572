DROP INDEX "job_charges_one_live";--> statement-breakpoint
CREATE UNIQUE INDEX "job_charges_one_pending" ON "job_charges" USING btree ("job_id","kind") WHERE "job_charges"."state" = 'pendiente';
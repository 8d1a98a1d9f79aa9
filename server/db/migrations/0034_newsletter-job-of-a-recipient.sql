-- The job sending a recipient's mail: only that job, tried again after its worker stopped, may take the recipient over.
ALTER TABLE "campaign_recipients" ADD COLUMN "job_id" uuid;
-- The audit log names an enquiry by its id only (decision 036). Entries written before that, when
-- closing or reopening an enquiry recorded the sender's address, keep the action and lose the address.
UPDATE "audit_log" SET "detail" = "detail" - 'email' WHERE "action" IN ('enquiry.handled', 'enquiry.reopened') AND "detail" ? 'email';

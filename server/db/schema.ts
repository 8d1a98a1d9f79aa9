// Every table of the product; each area keeps its own tables next to its code.
export * from "../mail/schema";
export * from "../modules/analytics/schema";
export * from "../modules/enquiries/schema";
export * from "../modules/admin/schema";
export * from "../modules/media/schema";
export * from "../modules/blog/schema";
export * from "../modules/careers/schema";
export * from "../modules/accounts/schema";
export * from "../modules/audit/schema";
export * from "../modules/dashboard/schema";
export * from "../modules/search/schema";
export * from "../modules/assistant/schema";
export * from "../modules/meetings/schema";
export * from "../modules/campaigns/schema";
export * from "../modules/privacy/schema";
export * from "../modules/content/schema";

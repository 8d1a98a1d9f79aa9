import type { AppLoadContext } from "react-router";
import { roleMayUse } from "#contracts/admin-roles.ts";
import { PREVIEW_PARAMETER, type SiteContentType } from "#contracts/site-content-forms.ts";
import type { SiteContent } from "#contracts/site-content.ts";

/**
 * Staff's words for a page's loader: as published, or, for an editor previewing (`?preview=draft`, signed
 * in with a role that edits content), the newest revision. Anyone else asking for a preview gets the live page.
 */
export async function siteContentFor<T extends SiteContentType>(request: Request, context: AppLoadContext, type: T): Promise<SiteContent[T]> {
  if (new URL(request.url).searchParams.get(PREVIEW_PARAMETER) === "draft") {
    const admin = await context.services.admin.sessionFromCookies(request.headers.get("cookie"));
    if (admin && !admin.twoFactorPending && roleMayUse(admin.role, "content")) return context.services.siteContent.newest(type);
  }
  return context.services.siteContent.published(type);
}

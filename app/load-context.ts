import type { ApiForwarder } from "../server/http/page-actions";
import type { Services } from "../server/services";

// Page loaders reach data only through the services the server hands them, never the database.
declare module "react-router" {
  interface AppLoadContext {
    services: Services;
    /** A page form's action hands the submission to the /api route the client calls (decision 029). */
    api: ApiForwarder;
  }
}

export {};

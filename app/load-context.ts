import type { ApiForwarder } from "../server/http/page-actions";
import type { FastifyBaseLogger } from "fastify";
import type { Services } from "../server/services";

// Page loaders reach data only through the services the server hands them, never the database.
declare module "react-router" {
  interface AppLoadContext {
    services: Services;
    /** A page form's action hands the submission to the /api route the client calls (decision 029). */
    api: ApiForwarder;
    /**
     * The request's logger: what a loader or the renderer reports goes out as escaped JSON fields,
     * never as raw text on the console where a value holding a line break could forge a log line.
     */
    log: FastifyBaseLogger;
  }
}

export {};

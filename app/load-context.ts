import type { Services } from "../server/services";

// Page loaders reach data only through the services the server hands them, never the database.
declare module "react-router" {
  interface AppLoadContext {
    services: Services;
  }
}

export {};

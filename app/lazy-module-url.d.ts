/** The address of a module's own chunk (vite.config.ts, `lazyModuleUrl`). */
declare module "lazy-module-url:*" {
  const url: string;
  export default url;
}

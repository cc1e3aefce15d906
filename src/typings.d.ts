declare global {
  interface Window {
    /** Optional API host, for deployments that serve the API elsewhere; defaults to this origin. */
    apiHost?: string;
    /** Optional router base path override (docs/product.md §14); defaults to '/'. */
    routerBase?: string;
  }
}
export {};

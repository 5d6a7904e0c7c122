// The package declares RateLimiterStoreAbstract (the base of its database
// stores) in its types but exports it only from its own file; this maps that file.
declare module "rate-limiter-flexible/lib/RateLimiterStoreAbstract.js" {
  import type { RateLimiterStoreAbstract } from "rate-limiter-flexible";
  const Store: typeof RateLimiterStoreAbstract;
  export default Store;
}

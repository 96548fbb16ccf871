import type { Context, Hono } from "hono";
import { basePath, matchedRoutes } from "hono/route";
import { TrieRouter } from "hono/router/trie-router";
import type { HttpEnv } from "./env";

/**
 * Hono's `methodNotAllowed` middleware (hono/method-not-allowed) as a function: the methods a
 * request's path is routed for, when the request was answered 404 and its own method is none of
 * them; `null` otherwise. The app's first middleware asks it after the rest of the chain ran, so
 * that it is no link of its own in every request's chain (each link costs every request a
 * promise and a suspended frame). `routeIndex` is that middleware's own
 * `c.req.routeIndex` and `self` its handler, from which a mounted app finds its mount path.
 */
export function allowedMethodsOf(
  app: Pick<Hono<HttpEnv>, "routes">,
  self: unknown,
): (c: Context, routeIndex: number) => string[] | null {
  let methodRouter: TrieRouter<string[]> | undefined;
  return (c, routeIndex) => {
    if (c.res.status !== 404 || c.error) return null;
    if (methodRouter === undefined) {
      const methodsByPath = new Map<string, Set<string>>();
      for (const route of app.routes) {
        if (route.method === "ALL" || route.method === "HEAD") continue;
        const methods = methodsByPath.get(route.path) ?? new Set<string>();
        methods.add(route.method);
        if (route.method === "GET") methods.add("HEAD");
        methodsByPath.set(route.path, methods);
      }
      methodRouter = new TrieRouter<string[]>();
      for (const [path, methods] of methodsByPath) methodRouter.add("ALL", path, [...methods]);
    }
    let requestPath = c.req.path;
    const currentRoute = matchedRoutes(c)[routeIndex];
    const sourceRoute = app.routes.find((route) => route.handler === self);
    if (currentRoute !== undefined && sourceRoute !== undefined) {
      const currentParts = basePath(c, routeIndex).split("/").filter(Boolean);
      const sourceLength = sourceRoute.basePath.split("/").filter(Boolean).length;
      const mountParts = currentParts.slice(0, currentParts.length - sourceLength);
      if (mountParts.length > 0) {
        requestPath = c.req.path.slice(`/${mountParts.join("/")}`.length) || "/";
      }
    }
    const allowed = new Set<string>();
    for (const [methods] of methodRouter.match("ALL", requestPath)[0])
      for (const method of methods) allowed.add(method);
    if (allowed.size === 0 || allowed.has(c.req.method)) return null;
    return [...allowed];
  };
}

/** The spec's address placeholders, as `createClient` takes them. */
export interface ClientAddresses {
  /** `{base_url}`: the REST root, with its `/api/v2` segment (members, matters, lists, GraphQL). */
  baseUrl?: string;
  /** `{api_url}`: the feed's root; its paths begin with `/v1`. */
  apiUrl?: string;
  /** `{login_url}`: `{site_url}/app/{org_name}/admin/auth/`. */
  loginUrl: string;
  /** Send credentials over plain http to a host other than this machine. Default false. */
  allowInsecureHttp?: boolean;
}

/** Builds the URL of each call from the configured roots. */
export interface Addresses {
  login: URL;
  rest(path: string, query?: Record<string, string>): URL;
  feed(path: string, query?: Record<string, string>): URL;
}

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/**
 * `value` as a root address: absolute, http(s), https unless to this machine or
 * `allowInsecureHttp`, and without user, query or fragment.
 */
export function parsed(option: string, value: string, allowInsecureHttp: boolean): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new TypeError(`${option} is not an absolute URL: ${value}`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    throw new TypeError(`${option} must be an http(s) URL, not ${url.protocol}`);
  if (url.protocol === "http:" && !LOOPBACK.test(url.hostname) && !allowInsecureHttp)
    throw new TypeError(
      `${option} is plain http to ${url.hostname}: the password and the session would cross the network unencrypted. Use https, or pass allowInsecureHttp: true for a trusted network.`,
    );
  if (url.username !== "" || url.password !== "" || url.search !== "" || url.hash !== "")
    throw new TypeError(`${option} must carry no user, query or fragment`);
  return url;
}

function joined(
  option: string,
  root: URL | undefined,
  path: string,
  query: Record<string, string> = {},
): URL {
  if (root === undefined)
    throw new TypeError(
      `createClient: ${option} is required for ${path} (the spec's {${option === "baseUrl" ? "base_url" : "api_url"}})`,
    );
  const url = new URL(root.href.replace(/\/+$/, "") + path);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url;
}

/** Checks the configured roots once, when the client is created. */
export function addressesOf(options: ClientAddresses): Addresses {
  const insecure = options.allowInsecureHttp === true;
  const base =
    options.baseUrl === undefined ? undefined : parsed("baseUrl", options.baseUrl, insecure);
  const api = options.apiUrl === undefined ? undefined : parsed("apiUrl", options.apiUrl, insecure);
  return {
    login: parsed("loginUrl", options.loginUrl, insecure),
    rest: (path, query) => joined("baseUrl", base, path, query),
    feed: (path, query) => joined("apiUrl", api, path, query),
  };
}

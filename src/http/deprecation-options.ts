/** When deprecated endpoints were or will be deprecated, and, if the host decided, removed. */
export interface DeprecationOptions {
  /** `Deprecation` (RFC 9745); `MATTER_ENDPOINTS_DEPRECATED_SINCE` by default. */
  since?: Date;
  /** `Sunset` (RFC 8594): when the endpoints will stop answering. Unset, no `Sunset` is sent. */
  sunset?: Date;
}

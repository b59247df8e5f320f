/**
 * The `linkedart` flags that name a remote SPARQL store: its query URL, and the update endpoint
 * and its user when given. The suites' store (testStore.ts) and the benchmarks that start
 * service processes on a Virtuoso name it the same way.
 */
export interface RemoteStoreWriter {
  readonly updateUrl?: string;
  readonly user?: string;
  readonly password?: string;
}

export function remoteStoreArgs(url: string, { updateUrl, user, password }: RemoteStoreWriter = {}): string[] {
  return [
    '--store',
    'sparql',
    '--sparql-url',
    url,
    ...(updateUrl ? ['--update-url', updateUrl] : []),
    ...(user ? ['--store-user', user] : []),
    ...(password ? ['--store-password', password] : []),
  ];
}

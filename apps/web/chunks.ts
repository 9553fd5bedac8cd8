/**
 * How the build groups code the lazy pages share (Rollup's `manualChunks`).
 *
 * Left to itself, Rollup makes one chunk per distinct set of pages that import a module: with 50 lazy
 * pages, the 150-odd icons the app draws end up in 40 chunks of under 1 KB, and a signed-in page loads
 * 20 of them. Each is a request; on a phone's round trips (six connections at a time) they cost more
 * than their bytes. All the icons together are about 7 KB compressed: one chunk, loaded with the entry.
 *
 * (Grouping Mantine's components the same way would put every component any screen uses, 45 KB
 * compressed, on the sign-in and home screens; they stay where Rollup puts them.)
 */
export function groupSharedChunks() {
  return (id: string): string | undefined => {
    if (/[\\/]node_modules[\\/]@tabler[\\/]icons-react[\\/]/.test(id)) return "icons";
    return undefined;
  };
}

/** Links to the page before and after, and where this one is ("Page 2 of 7"). */
export function Paging({ page, last, hrefOf }: { page: number; last: number; hrefOf: (n: number) => string }) {
  if (last <= 1) return null;
  return (
    <nav class="paging" aria-label="Pages">
      {page > 1 ? (
        <a rel="prev" href={hrefOf(page - 1)}>
          ← Previous
        </a>
      ) : null}
      <span>
        Page {page} of {last}
      </span>
      {page < last ? (
        <a rel="next" href={hrefOf(page + 1)}>
          Next →
        </a>
      ) : null}
    </nav>
  );
}

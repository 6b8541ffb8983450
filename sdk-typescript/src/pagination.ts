/**
 * Cursor pagination over `{data, next_page[, prev_page]}` list responses.
 *
 * A list method returns a {@link PagePromise} at once; nothing is sent until it is used.
 * `for await (const item of client.agents.list())` walks every page, following `next_page`
 * until it is null; `await client.agents.list().page()` fetches only the first page. Fetching a
 * page (with retries, errors, auth) is the transport's job, handed in as a function.
 */

/** Fetches the page whose cursor is `cursor` (`undefined`: the first page). */
export type PageFetcher<T> = (cursor: string | undefined) => Promise<Page<T>>;

/** One decoded page of a list. */
export class Page<T> implements AsyncIterable<T> {
  /** The items on this page. */
  readonly data: T[];
  /** Cursor of the following page, or null on the last page. */
  readonly next_page: string | null;
  /** Cursor of the preceding page where the list is bidirectional. */
  readonly prev_page: string | null;
  /** The whole decoded response body. */
  readonly raw: Record<string, unknown>;
  readonly #fetch: PageFetcher<T>;

  constructor(raw: Record<string, unknown>, fetch: PageFetcher<T>) {
    this.raw = raw;
    this.data = Array.isArray(raw["data"]) ? (raw["data"] as T[]) : [];
    this.next_page = typeof raw["next_page"] === "string" ? raw["next_page"] : null;
    this.prev_page = typeof raw["prev_page"] === "string" ? raw["prev_page"] : null;
    this.#fetch = fetch;
  }

  /** Whether a following page exists. */
  hasNextPage(): boolean {
    return this.next_page !== null;
  }

  /** Fetch the following page, or null on the last page. */
  async getNextPage(): Promise<Page<T> | null> {
    return this.next_page === null ? null : this.#fetch(this.next_page);
  }

  /** Iterate the items of this page and every following page. */
  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    let page: Page<T> | null = this;
    while (page !== null) {
      yield* page.data;
      page = await page.getNextPage();
    }
  }
}

/** The lazy result of a list call: iterate it for every item, or ask for one `page()`. */
export class PagePromise<T> implements AsyncIterable<T> {
  readonly #fetch: PageFetcher<T>;

  constructor(fetch: PageFetcher<T>) {
    this.#fetch = fetch;
  }

  /** Fetch the first page only. */
  page(): Promise<Page<T>> {
    return this.#fetch(undefined);
  }

  /** Collect every item of every page into one array. */
  async toArray(): Promise<T[]> {
    const items: T[] = [];
    for await (const item of this) {
      items.push(item);
    }
    return items;
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    yield* await this.page();
  }
}

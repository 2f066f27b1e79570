/** What a source answers, in the model's terms: a batch of ISBNs, a page of an author's books, a request made. */
import type { Book } from './book';
import type { ServiceError } from './errors';

export interface BatchAnswer {
  /** Keyed by the ISBN as requested. */
  found: Map<string, Book>;
  notFound: string[];
}

export interface AuthorPage {
  name: string;
  books: Book[];
  page: number;
  pageSize: number;
  /** Total books of the author when the service says; otherwise unknown. */
  total?: number;
  /** Whether asking for `page + 1` can return more. */
  hasMore: boolean;
}

/** One HTTP request as the log and the quota count see it. */
export interface RequestRecord {
  method: 'GET' | 'POST';
  /** Path relative to the base address, as sent (never holds the key). */
  path: string;
  status?: number;
  ms: number;
  isbnCount?: number;
  error?: ServiceError;
  /** The source that sent it, as the user reads it ("Open Library"). */
  source?: string;
}

/**
 * How ISBN Lens names itself to a keyless service. Open Library refuses anonymous, library-default
 * and contact-less agents with 403 and serves identified ones at 3 requests/s instead of 1
 * (free-sources-facts.md): the agent names the extension, its version and a way to reach its makers.
 */

/** The project's public address, the contact every keyless request carries. */
export const PROJECT_URL = 'https://github.com/isbnlens/isbn-lens';

const CONTACT = /^(https:\/\/[^\s()]+|[^\s()<>@]+@[^\s()<>@]+\.[a-z]{2,})$/i;

/** `ISBNLens/0.2.0 (https://github.com/isbnlens/isbn-lens)`. Throws on a version or contact that would make it contact-less. */
export function keylessUserAgent(version: string, contact: string = PROJECT_URL): string {
  if (!/^\d+\.\d+\.\d+[\w.+-]*$/.test(version)) throw new Error(`"${version}" is not a version`);
  if (!CONTACT.test(contact)) throw new Error(`"${contact}" is neither an https address nor an e-mail address`);
  return `ISBNLens/${version} (${contact})`;
}

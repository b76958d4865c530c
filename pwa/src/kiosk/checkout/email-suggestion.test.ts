import { describe, expect, it } from 'vitest';
import { suggestEmail } from './email-suggestion.ts';

describe('suggestEmail: the address a player probably meant', () => {
  it.each([
    ['budi@gmial.com', 'budi@gmail.com'],
    ['budi@gamil.com', 'budi@gmail.com'],
    ['budi@gmail.con', 'budi@gmail.com'],
    ['budi@hotmial.com', 'budi@hotmail.com'],
    // Indonesia's own mailboxes and endings, which the library's American lists get wrong.
    ['budi@yaho.co.id', 'budi@yahoo.co.id'],
    ['budi@yahoo.co.od', 'budi@yahoo.co.id'],
    ['budi@outlok.co.id', 'budi@outlook.co.id'],
    ['budi@kantor.co.od', 'budi@kantor.co.id'],
    // Mailboxes that exist only as .com.
    ['budi@gmail.co.id', 'budi@gmail.com'],
    ['budi@icloud.co', 'budi@icloud.com'],
    // The name part is kept as typed.
    ['Budi.S@GMIAL.COM', 'Budi.S@gmail.com'],
  ])('%s → %s', (typed, meant) => {
    expect(suggestEmail(typed)).toBe(meant);
  });

  it.each([
    'budi@gmail.com',
    'budi@yahoo.co.id',
    'budi@outlook.co.id',
    // Universities, companies and local providers are not slips for a big mailbox.
    'budi@ui.ac.id',
    'budi@mail.ugm.ac.id',
    'budi@binus.ac.id',
    'budi@tokopedia.com',
    'budi@telkom.net',
    // Not an address yet: nothing to suggest.
    'budi@',
    'budi@gmail',
    'x@y.z',
    '',
  ])('%s gets no suggestion', (typed) => {
    expect(suggestEmail(typed)).toBeNull();
  });
});

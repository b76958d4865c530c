// E-mail search that stays fast at a million purchases (issue 15 point 3). The back-office searches
// by any part of an address; `email like '%part%'` must read every row. SQLite's FTS5 trigram
// tokenizer indexes every three-character run of each address, so a search of three characters or
// more finds its rows through the index. The index holds no copy of the addresses (external content:
// it reads them from purchases, keyed by their seq), and triggers keep it in step with every insert,
// correction, erasure and deletion. PostgreSQL's pg_trgm does the same with a GIN index on the
// column itself, which `ilike '%part%'` uses directly.
import { sql, type Kysely, type Migration } from 'kysely';
import { isPostgres } from '../dialect.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema types
type AnyDb = Kysely<any>;

export const emailSearch021: Migration = {
  async up(db: AnyDb) {
    if (isPostgres(db)) {
      await sql`create extension if not exists pg_trgm`.execute(db);
      await sql`create index purchases_email_trgm_idx on purchases using gin (email gin_trgm_ops)`.execute(db);
      return;
    }
    await sql`create virtual table purchase_email_search using fts5(
      email, content = 'purchases', content_rowid = 'seq', tokenize = 'trigram'
    )`.execute(db);
    await sql`create trigger purchase_email_search_insert after insert on purchases begin
      insert into purchase_email_search (rowid, email) values (new.seq, new.email);
    end`.execute(db);
    await sql`create trigger purchase_email_search_delete after delete on purchases begin
      insert into purchase_email_search (purchase_email_search, rowid, email) values ('delete', old.seq, old.email);
    end`.execute(db);
    await sql`create trigger purchase_email_search_update after update of email, seq on purchases begin
      insert into purchase_email_search (purchase_email_search, rowid, email) values ('delete', old.seq, old.email);
      insert into purchase_email_search (rowid, email) values (new.seq, new.email);
    end`.execute(db);
    // Index the purchases made before this migration.
    await sql`insert into purchase_email_search (purchase_email_search) values ('rebuild')`.execute(db);
  },
  async down(db: AnyDb) {
    if (isPostgres(db)) {
      await sql`drop index purchases_email_trgm_idx`.execute(db);
      return;
    }
    for (const trigger of ['insert', 'delete', 'update']) {
      await sql`drop trigger ${sql.raw(`purchase_email_search_${trigger}`)}`.execute(db);
    }
    await sql`drop table purchase_email_search`.execute(db);
  },
};

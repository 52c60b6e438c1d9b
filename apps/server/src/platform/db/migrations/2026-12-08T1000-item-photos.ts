import { sql } from 'kysely';
import { withIdColumn, type MigrationDb } from '../migration-helpers';

/**
 * Photos of open items: each is a file of the project, linked here to a pin or to a reply under a
 * pin, several per item. A file named here is kept out of the plans list. When its pin or reply
 * goes, the link stays without either (the file stays out of the plans list) until the server
 * removes the file with it. The single photo a pin had (plan_pins.photo_file_id) is carried over
 * and the column left empty: SQLite cannot drop a column that references another table.
 */
export async function up(db: MigrationDb): Promise<void> {
  await withIdColumn(db, db.schema.createTable('item_photos'))
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('file_id', 'integer', (col) => col.notNull().references('project_files.id').onDelete('cascade'))
    .addColumn('pin_id', 'integer', (col) => col.references('plan_pins.id').onDelete('set null'))
    .addColumn('reply_id', 'integer', (col) => col.references('plan_pin_replies.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('item_photos_file_idx').on('item_photos').column('file_id').execute();
  await db.schema.createIndex('item_photos_pin_idx').on('item_photos').columns(['pin_id', 'id']).execute();
  await db.schema.createIndex('item_photos_reply_idx').on('item_photos').columns(['reply_id', 'id']).execute();
  await db.schema.createIndex('item_photos_project_idx').on('item_photos').columns(['project_id', 'id']).execute();
  await sql`insert into item_photos (project_id, file_id, pin_id, created_at)
    select project_id, photo_file_id, id, created_at from plan_pins where photo_file_id is not null order by id`.execute(db);
  await sql`update plan_pins set photo_file_id = null where photo_file_id is not null`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`update plan_pins set photo_file_id = (select min(item_photos.file_id) from item_photos where item_photos.pin_id = plan_pins.id)`.execute(db);
  await db.schema.dropTable('item_photos').execute();
}

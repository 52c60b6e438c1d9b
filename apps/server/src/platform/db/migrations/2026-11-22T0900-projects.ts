import { withIdColumn, type MigrationDb } from '../migration-helpers';

export async function up(db: MigrationDb): Promise<void> {
  await withIdColumn(db, db.schema.createTable('projects'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('street', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('house_number', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('city', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('katastral', 'integer')
    .addColumn('postal_code', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('country', 'text', (col) => col.notNull().defaultTo(''))
    // A deleted customer leaves the project 'Nicht zugewiesen'; a deleted architect leaves it to the team.
    .addColumn('assigned_user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_by_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('progress', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('changed_at', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('projects_assigned_user_idx').on('projects').column('assigned_user_id').execute();
  await db.schema.createIndex('projects_created_by_idx').on('projects').column('created_by_id').execute();

  // When each architect last opened each project: what changed after that is news on the dashboard.
  await db.schema
    .createTable('project_views')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('seen_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('project_views_pk', ['user_id', 'project_id'])
    .execute();

  await db.schema
    .createTable('dashboard_layouts')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('dashboard', 'text', (col) => col.notNull())
    .addColumn('items', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('dashboard_layouts_pk', ['user_id', 'dashboard'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('dashboard_layouts').execute();
  await db.schema.dropTable('project_views').execute();
  await db.schema.dropTable('projects').execute();
}

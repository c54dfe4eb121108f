import { Migrator, type Migration, type MigrationResultSet } from 'kysely';
import type { Db } from './index.js';
import * as m0001 from './migrations/2026_11_21_0001_users.js';
import * as m0002 from './migrations/2026_11_21_0002_content.js';
import * as m0003 from './migrations/2026_11_21_0003_counters.js';
import * as m0004 from './migrations/2026_11_21_0004_questions.js';
import * as m0005 from './migrations/2026_11_21_0005_media.js';
import * as m0006 from './migrations/2026_11_21_0006_ads.js';
import * as m0007 from './migrations/2026_11_21_0007_tracking.js';
import * as m0008 from './migrations/2026_11_23_0008_page_view_path_optional.js';
import * as m0009 from './migrations/2026_11_23_0009_user_sign_ins.js';
import * as m0010 from './migrations/2026_11_23_0010_sign_in.js';
import * as m0011 from './migrations/2026_11_24_0011_question_imports.js';
import * as m0012 from './migrations/2026_11_24_0012_question_marking.js';
import * as m0013 from './migrations/2026_11_24_0013_exam_engine.js';
import * as m0014 from './migrations/2026_11_24_0014_contests.js';
import * as m0015 from './migrations/2026_11_26_0015_full_marks_are_correct.js';
import * as m0016 from './migrations/2026_11_26_0016_test_key_sealed_until.js';
import * as m0017 from './migrations/2026_11_26_0017_audit_events.js';
import * as m0018 from './migrations/2026_11_26_0018_question_stats_correct_time.js';
import * as m0019 from './migrations/2026_11_27_0019_question_versions.js';
import * as m0020 from './migrations/2026_11_27_0020_challenges.js';
import * as m0021 from './migrations/2026_11_27_0021_cut_offs.js';
import * as m0022 from './migrations/2026_11_27_0022_attempt_questions_version_attempt.js';
import * as m0023 from './migrations/2026_11_28_0023_question_translations.js';
import * as m0024 from './migrations/2026_11_28_0024_content_languages.js';
import * as m0025 from './migrations/2026_11_28_0025_compensatory_time.js';
import * as m0026 from './migrations/2026_11_28_0026_exam_languages.js';
import * as m0027 from './migrations/2026_11_28_0027_section_language.js';
import * as m0028 from './migrations/2026_11_28_0028_attempt_writer_index.js';

/** Every migration, in order; listed statically so the compiled server needs no directory scan. */
export const migrations: Record<string, Migration> = {
  '2026_11_21_0001_users': m0001,
  '2026_11_21_0002_content': m0002,
  '2026_11_21_0003_counters': m0003,
  '2026_11_21_0004_questions': m0004,
  '2026_11_21_0005_media': m0005,
  '2026_11_21_0006_ads': m0006,
  '2026_11_21_0007_tracking': m0007,
  '2026_11_23_0008_page_view_path_optional': m0008,
  '2026_11_23_0009_user_sign_ins': m0009,
  '2026_11_23_0010_sign_in': m0010,
  '2026_11_24_0011_question_imports': m0011,
  '2026_11_24_0012_question_marking': m0012,
  '2026_11_24_0013_exam_engine': m0013,
  '2026_11_24_0014_contests': m0014,
  '2026_11_26_0015_full_marks_are_correct': m0015,
  '2026_11_26_0016_test_key_sealed_until': m0016,
  '2026_11_26_0017_audit_events': m0017,
  '2026_11_26_0018_question_stats_correct_time': m0018,
  '2026_11_27_0019_question_versions': m0019,
  '2026_11_27_0020_challenges': m0020,
  '2026_11_27_0021_cut_offs': m0021,
  '2026_11_27_0022_attempt_questions_version_attempt': m0022,
  '2026_11_28_0023_question_translations': m0023,
  '2026_11_28_0024_content_languages': m0024,
  '2026_11_28_0025_compensatory_time': m0025,
  '2026_11_28_0026_exam_languages': m0026,
  '2026_11_28_0027_section_language': m0027,
  '2026_11_28_0028_attempt_writer_index': m0028,
};

function migratorFor(db: Db): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => migrations } });
}

function assertOk(result: MigrationResultSet): void {
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error');
    const err = new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${String(result.error)}`);
    (err as Error & { cause: unknown }).cause = result.error;
    throw err;
  }
}

/** Brings the schema up to the newest migration. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const result = await migratorFor(db).migrateToLatest();
  assertOk(result);
  return (result.results ?? []).map((r) => r.migrationName);
}

/** Rolls every migration back, newest first. */
export async function migrateDownAll(db: Db): Promise<string[]> {
  const migrator = migratorFor(db);
  const names: string[] = [];
  for (;;) {
    const result = await migrator.migrateDown();
    assertOk(result);
    const done = result.results ?? [];
    if (done.length === 0) return names;
    names.push(...done.map((r) => r.migrationName));
  }
}

import type { ImageControls } from '@/components/admin/image-controls';
import { ImageInserter } from '@/features/media/components/image-inserter';
import { ImageUploadField } from '@/features/media/components/image-upload-field';

/** The media feature's controls, supplied to every page under /admin (see ImageControlsProvider). */
export const imageControls: ImageControls = { ImageInserter, ImageUploadField };

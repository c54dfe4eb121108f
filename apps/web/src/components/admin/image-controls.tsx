import { createContext, useContext, type ComponentType, type ReactNode, type RefObject } from 'react';

/** What "Insert image" below a Markdown field is given. */
export interface ImageInserterProps {
  /** The Markdown textarea the image goes into, at its cursor. */
  textarea: RefObject<HTMLTextAreaElement | null>;
  /** Receives the textarea's whole new text. */
  onChange: (value: string) => void;
  /** The field's label, so that two inserters on one form are told apart by screen readers. */
  field: string;
}

/** What an image upload field is given: where the stored image's address goes. */
export interface ImageUploadFieldProps {
  onUploaded: (url: string) => void;
}

/**
 * The admin pages' image controls. They store images through the media feature, which the admin
 * pages' features do not import: the app supplies them here for every page under /admin.
 */
export interface ImageControls {
  ImageInserter: ComponentType<ImageInserterProps>;
  ImageUploadField: ComponentType<ImageUploadFieldProps>;
}

const ImageControlsContext = createContext<ImageControls | null>(null);

/** Makes `controls` the image controls of everything below it. */
export function ImageControlsProvider({ controls, children }: { controls: ImageControls; children: ReactNode }) {
  return <ImageControlsContext value={controls}>{children}</ImageControlsContext>;
}

/** The image controls the app supplied; a page rendered without them is a wiring mistake, told at once. */
export function useImageControls(): ImageControls {
  const controls = useContext(ImageControlsContext);
  if (!controls) throw new Error('No image controls: render admin pages inside ImageControlsProvider');
  return controls;
}

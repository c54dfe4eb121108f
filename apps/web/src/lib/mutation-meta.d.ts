import type {} from '@tanstack/react-query';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /**
       * Shows the global loader overlay while the mutation runs (the query client's mutation cache
       * counts them). For saves that replace the page's state; uploads and list actions show their
       * own progress instead.
       */
      loader?: boolean;
    };
  }
}

/** What the server's test app uses to record page views as configured, or with its own options. */
export { recorderFromConfig, type RecorderOptions } from './page-view-recorder.js';

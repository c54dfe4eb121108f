/** What seeds (the server's test factories) use to start a candidate's mock test as the route does. */
export { startTestAttempt } from './paper-attempts.js';

// Jest setup (setupFiles): n8n's own logger (winston behind LoggerProxy) prints every node error the
// engine sees, and the tests provoke hundreds on purpose, burying real failures. It is silenced
// unless SLICKTEXT_TEST_LOGS is set; then n8n's usual N8N_LOG_* settings apply, e.g.
//   SLICKTEXT_TEST_LOGS=1 npx jest test/nodes/SlickText/contact.test.ts
//   SLICKTEXT_TEST_LOGS=1 N8N_LOG_OUTPUT=file N8N_LOG_FILE_LOCATION=/tmp/n8n-test.log npx jest
// Set here, before any test file loads n8n-core, because n8n reads its config once, when the logger
// is first created.
if (!process.env.SLICKTEXT_TEST_LOGS) process.env.N8N_LOG_LEVEL = 'silent';

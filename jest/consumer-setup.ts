// The Pact mock server is a native component started per test; on a loaded machine it has been seen
// to miss a request once. A retry keeps the contract strict (a real mismatch fails every attempt).
jest.retryTimes(2, { logErrorsBeforeRetry: true });

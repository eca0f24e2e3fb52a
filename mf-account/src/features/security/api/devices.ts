import { baseApi, contractMutation, contractQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';

/**
 * The signed-in devices (live sessions, the current one marked, the session rules), remote sign-out of one, and of
 * every other one at once (ADR 0027).
 */
export const devicesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getDevices: contractQuery(build, ENDPOINTS.devices),
    deviceSignOut: contractMutation(build, ENDPOINTS.deviceSignOut),
    deviceSignOutOthers: contractMutation(build, ENDPOINTS.deviceSignOutOthers),
  }),
});

export const { useGetDevicesQuery, useDeviceSignOutMutation, useDeviceSignOutOthersMutation } = devicesApi;

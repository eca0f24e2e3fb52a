import { baseApi, contractMutation, contractQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';

/** The signed-in devices (live sessions, the current one marked) and remote sign-out of one (ADR 0027). */
export const devicesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getDevices: contractQuery(build, ENDPOINTS.devices),
    deviceSignOut: contractMutation(build, ENDPOINTS.deviceSignOut),
  }),
});

export const { useGetDevicesQuery, useDeviceSignOutMutation } = devicesApi;

import { adminAdResponseSchema, type AdInput, type AdminAd } from '@abhyas/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { t } from '@/i18n/i18n';
import { apiRequest } from '@/lib/api-client';
import { adKeys } from './ad-keys';

/** POST /api/admin/ads (a new ad) or PUT /api/admin/ads/:id (replace one); 400 with field details. */
export async function saveAd({ id, input }: { id?: string; input: AdInput }): Promise<AdminAd> {
  const path = id ? `admin/ads/${encodeURIComponent(id)}` : 'admin/ads';
  return (await apiRequest(path, { method: id ? 'PUT' : 'POST', body: input, schema: adminAdResponseSchema })).data;
}

export function useSaveAd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: adKeys.save(),
    mutationFn: saveAd,
    meta: { loader: true },
    onSuccess: (saved, { id }) => {
      queryClient.setQueryData(adKeys.adminDetail(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: adKeys.adminList() });
      // Candidates' banners may change too.
      void queryClient.invalidateQueries({ queryKey: adKeys.pincodes() });
      toast.success(t(id ? 'ads.toast.saved' : 'ads.toast.created'));
    },
  });
}

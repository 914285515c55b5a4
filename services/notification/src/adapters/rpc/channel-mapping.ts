import { AlertChannel as ProtoAlertChannel } from '@swarm/proto/common/v1/channel';
import type { AlertChannel } from '../../domain/alert-channels.js';

const TO_PROTO: Record<AlertChannel, ProtoAlertChannel> = { sms: ProtoAlertChannel.SMS, push: ProtoAlertChannel.PUSH, email: ProtoAlertChannel.EMAIL };

export function toProtoChannel(channel: AlertChannel): ProtoAlertChannel {
  return TO_PROTO[channel];
}

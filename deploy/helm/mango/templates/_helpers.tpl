{{/*
Names. Kubernetes Service names must start with a letter: a release name (or override) that
starts with a digit gets a "mango-" prefix before truncation to 63 characters.
*/}}
{{- define "mango.fullname" -}}
{{- $name := "" -}}
{{- if .Values.fullnameOverride -}}
{{- $name = .Values.fullnameOverride -}}
{{- else -}}
{{- $base := default .Chart.Name .Values.nameOverride -}}
{{- if contains $base .Release.Name -}}
{{- $name = .Release.Name -}}
{{- else -}}
{{- $name = printf "%s-%s" .Release.Name $base -}}
{{- end -}}
{{- end -}}
{{- if regexMatch "^[0-9]" $name -}}
{{- $name = printf "mango-%s" $name -}}
{{- end -}}
{{- $name | lower | trunc 50 | trimSuffix "-" -}}
{{- end -}}

{{- define "mango.labels" -}}
app.kubernetes.io/name: {{ .Chart.Name }}
app.kubernetes.io/instance: {{ .Release.Name | quote }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{- end -}}

{{- define "mango.selector" -}}
app.kubernetes.io/name: {{ .root.Chart.Name }}
app.kubernetes.io/instance: {{ .root.Release.Name | quote }}
app.kubernetes.io/component: {{ .component }}
{{- end -}}

{{- define "mango.image" -}}
{{ .Values.image.repository }}:{{ .Values.image.tag }}
{{- end -}}

{{/* Pod and container security: the image's numeric user, read-only root, nothing extra. */}}
{{- define "mango.podSecurityContext" -}}
runAsNonRoot: true
runAsUser: 65532
runAsGroup: 65532
fsGroup: 65532
seccompProfile:
  type: RuntimeDefault
{{- end -}}

{{- define "mango.containerSecurityContext" -}}
readOnlyRootFilesystem: true
allowPrivilegeEscalation: false
runAsNonRoot: true
runAsUser: 65532
runAsGroup: 65532
capabilities:
  drop: ["ALL"]
{{- end -}}

{{- define "mango.tmpVolume" -}}
- name: tmp
  emptyDir:
    sizeLimit: {{ .Values.tmpSizeLimit }}
{{- end -}}

{{/* The operator keyring (webhook secrets), when a Secret holds it: env, volume and mount. */}}
{{- define "mango.keyringEnv" -}}
{{- if .Values.keyring.secretName }}
- name: MANGO_KEYRING_FILE
  value: /etc/mango/keyring/{{ .Values.keyring.keyKey }}
{{- end }}
{{- end -}}

{{- define "mango.keyringVolume" -}}
{{- if .Values.keyring.secretName }}
- name: keyring
  secret:
    secretName: {{ .Values.keyring.secretName }}
    defaultMode: 0440
{{- end }}
{{- end -}}

{{- define "mango.keyringMount" -}}
{{- if .Values.keyring.secretName }}
- name: keyring
  mountPath: /etc/mango/keyring
  readOnly: true
{{- end }}
{{- end -}}

{{- define "mango.tmpMount" -}}
- name: tmp
  mountPath: /tmp
{{- end -}}

{{/* Settings every role shares; only the database credential is a secret here. */}}
{{- define "mango.baseEnv" -}}
- name: MANGO_DATABASE_URL
  valueFrom:
    secretKeyRef:
      name: {{ .Values.database.secretName }}
      key: {{ .Values.database.urlKey }}
- name: MANGO_LOG_LEVEL
  value: {{ .Values.logLevel | quote }}
- name: MANGO_LOG_FORMAT
  value: json
{{- end -}}

{{/* Settings of the long-running roles (api and orchestrator), object storage credentials included. */}}
{{/* The offered model (the one-entry catalogue of the MANGO_MODEL_* variables): the api checks Agents against
it and the orchestrator calls it. Never its credential, which only the orchestrator receives. */}}
{{- define "mango.modelEnv" -}}
{{- if include "mango.catalogueSource" . }}
- name: MANGO_MODELS_FILE
  value: /etc/mango/models/{{ .Values.modelCatalogue.key }}
{{- else }}
- name: MANGO_MODEL_PROVIDER
  value: {{ .Values.model.provider | quote }}
- name: MANGO_MODEL_BASE_URL
  value: {{ .Values.model.baseUrl | quote }}
- name: MANGO_DEFAULT_MODEL
  value: {{ .Values.model.defaultModel | quote }}
{{- end }}
{{- end }}

{{/* The model catalogue file, when one is given: "configMap" (inline content, written by the chart, or an
existing ConfigMap) or "secret" (an existing Secret); empty without one. */}}
{{- define "mango.catalogueSource" -}}
{{- if or .Values.modelCatalogue.content .Values.modelCatalogue.existingConfigMap -}}
configMap
{{- else if .Values.modelCatalogue.existingSecret -}}
secret
{{- end -}}
{{- end -}}

{{- define "mango.catalogueVolume" -}}
{{- $source := include "mango.catalogueSource" . }}
{{- if eq $source "configMap" }}
- name: models
  configMap:
    name: {{ default (printf "%s-models" (include "mango.fullname" .)) .Values.modelCatalogue.existingConfigMap }}
    items:
      - {key: {{ .Values.modelCatalogue.key | quote }}, path: {{ .Values.modelCatalogue.key | quote }}}
{{- else if eq $source "secret" }}
- name: models
  secret:
    secretName: {{ .Values.modelCatalogue.existingSecret }}
    defaultMode: 0440
    items:
      - {key: {{ .Values.modelCatalogue.key | quote }}, path: {{ .Values.modelCatalogue.key | quote }}}
{{- end }}
{{- end -}}

{{- define "mango.catalogueMount" -}}
{{- if include "mango.catalogueSource" . }}
- name: models
  mountPath: /etc/mango/models
  readOnly: true
{{- end }}
{{- end -}}

{{/* The variables the catalogue's entries read their credentials from: the orchestrator's only. */}}
{{- define "mango.catalogueCredentials" -}}
{{- if include "mango.catalogueSource" . }}
{{- range .Values.modelCatalogue.credentials }}
- name: {{ .name }}
  valueFrom:
    secretKeyRef:
      name: {{ .secretName }}
      key: {{ .key }}
{{- end }}
{{- end }}
{{- end -}}

{{- define "mango.serviceEnv" -}}
{{ include "mango.baseEnv" . }}
- name: MANGO_TEMPORAL_ADDRESS
  value: {{ .Values.temporal.address | quote }}
- name: MANGO_TEMPORAL_NAMESPACE
  value: {{ .Values.temporal.namespace | quote }}
- name: MANGO_TEMPORAL_TASK_QUEUE
  value: {{ .Values.temporal.taskQueue | quote }}
- name: MANGO_NATS_URL
  value: {{ .Values.nats.url | quote }}
- name: MANGO_S3_ENDPOINT_URL
  value: {{ .Values.s3.endpointUrl | quote }}
- name: MANGO_S3_BUCKET
  value: {{ .Values.s3.bucket | quote }}
- name: MANGO_S3_REGION
  value: {{ .Values.s3.region | quote }}
- name: MANGO_S3_ACCESS_KEY_ID
  valueFrom:
    secretKeyRef:
      name: {{ .Values.s3.secretName }}
      key: {{ .Values.s3.accessKeyIdKey }}
- name: MANGO_S3_SECRET_ACCESS_KEY
  valueFrom:
    secretKeyRef:
      name: {{ .Values.s3.secretName }}
      key: {{ .Values.s3.secretAccessKeyKey }}
- name: MANGO_METRICS_HOST
  value: 0.0.0.0
- name: MANGO_OTLP_ENDPOINT
  value: {{ .Values.otlpEndpoint | quote }}
{{- end -}}

import type { RecordFields } from '../../shared/descriptions';
import { SIMPLE_CONTACT_FIELDS } from '../../shared/simplify';

/**
 * The fields of each kind of record: `keep`, what Simplify keeps (what a person or an AI agent needs to
 * tell records apart and act on them, at most 10, flat); `all`, every field SlickText's API documentation
 * gives the record, which the AI tool's Selected Fields offers (the first, the record's ID, always comes).
 */

export const CONTACT_SUMMARY: RecordFields = {
	keep: [...SIMPLE_CONTACT_FIELDS],
	all: [
		'contact_id', '_brand_id', 'first_name', 'last_name', 'mobile_number', 'mobile_number_carrier', 'email', 'birthdate', 'address',
		'city', 'state', 'zip', 'country', 'source', '_source_id', 'sub_source', '_sub_source_id', 'custom_fields', 'timezone', 'language',
		'opt_in_status', 'last_opt_in_status_change', 'created', 'last_updated',
	],
};

export const MESSAGE_SUMMARY: RecordFields = {
	keep: ['_id', 'to', 'from', 'body', 'direction', 'status', 'contact.contact_id', 'created'],
	all: [
		'_id', 'to', 'from', 'body', 'direction', 'channel', 'source', '_source_id', 'is_gsm', 'message_credits', 'campaign_completion_percentage',
		'text_number', 'brand', 'contact', 'user', 'status', 'created', 'updated', 'created_micro',
	],
};

export const CAMPAIGN_SUMMARY: RecordFields = {
	keep: ['campaign_id', 'name', 'status', 'body', 'audience_size', 'scheduled', 'started', 'finished', 'created', 'last_updated'],
	all: [
		'campaign_id', '_brand_id', '_created_by_user_id', 'name', 'body', 'media_url', 'audience_size', 'status', 'status_detail', 'status_date',
		'completion_percentage', 'created', 'scheduled', 'started', 'finished', 'last_updated', 'audience',
	],
};

// A campaign's statistics: its counts and rates, without the status and dates Campaign > Get gives.
export const CAMPAIGN_STATISTICS_SUMMARY: RecordFields = {
	keep: ['campaign_id', 'name', 'sent', 'delivered', 'delivery_rate', 'clicks', 'unique_clicks', 'click_rate', 'opt_outs', 'message_credits'],
	all: [
		'campaign_id', 'name', 'status', 'audience_size', 'sent', 'delivered', 'undelivered', 'delivery_rate', 'message_credits', 'clicks',
		'unique_clicks', 'click_rate', 'opt_outs', 'started', 'finished',
	],
};

export const KEYWORD_SUMMARY: RecordFields = {
	keep: ['keyword_id', 'word', 'description', 'active', 'auto_response_message', 'double_opt_in', 'create_contacts', 'created', 'last_updated'],
	all: [
		'keyword_id', '_brand_id', 'word', 'description', 'create_contacts', 'use_alternate_responses', 'double_opt_in', 'auto_response_message',
		'auto_response_message_media_url', 'opt_in_exists_message', 're_opt_in_message', 'double_opt_in_message', 'active', 'created',
		'last_updated', 'deleted',
	],
};

export const LINK_SUMMARY: RecordFields = {
	keep: ['link_id', 'name', 'url', 'type', 'clicks', 'unique_clicks', 'active', 'created', 'expires'],
	all: [
		'link_id', '_brand_id', '_contact_id', 'name', 'url', 'type', 'source', '_source_id', 'sub_source', '_sub_source_id', 'clicks',
		'unique_clicks', 'bot_clicks', 'active', 'created', 'expires',
	],
};

// The display rules and the HTML (most of a popup's 31 fields) stay out.
export const WEBSITE_POPUP_SUMMARY: RecordFields = {
	keep: ['website_popup_id', 'name', 'description', 'active', 'show_event', 'show_delay_seconds', 'opt_in_message', 'created', 'last_updated'],
	all: [
		'website_popup_id', '_brand_id', 'name', 'description', 'min_page_views', 'show_event', 'show_delay_seconds', 'show_inactivity_seconds',
		'show_scroll_percent', 'show_scroll_text', 'hide_from_known_contacts', 'start_minimized', 'show_desktop', 'show_tablet', 'show_mobile',
		'active', 'reopen_value', 'reopen_unit', 'url_show_rules', 'url_hide_rules', 'show_date', 'hide_date', 'website_preview_url',
		'opt_in_message_media_url', 'html_build', 'html_display', 'double_opt_in_message', 'opt_in_message', 'created', 'last_updated', 'deleted',
	],
};

export const WORKFLOW_SUMMARY: RecordFields = {
	keep: ['workflow_id', 'name', 'description', 'active', 'entry_rule', 'last_activated', 'last_deactivated', 'created', 'last_updated'],
	all: [
		'workflow_id', '_brand_id', 'name', 'description', 'entry_rule', 'entry_rule_time_value', 'entry_rule_time_unit', 'active', 'created',
		'last_updated', 'last_activated', 'last_deactivated', 'last_cleared',
	],
};

export const INBOX_THREAD_SUMMARY: RecordFields = {
	keep: ['_id', '_contact_id', 'status', 'last_message', 'last_message_direction', 'last_message_sent', '_assigned_to_user_id', 'created', 'updated'],
	all: [
		'_id', '_brand_id', '_contact_id', 'status', '_last_message_id', 'last_message', 'last_message_direction', 'last_message_sent',
		'_assigned_to_user_id', 'created', 'updated', '_inbox_tag_ids',
	],
};

// The brand's registration details and opt-in texts (most of its 46 fields) stay out.
export const BRAND_SUMMARY: RecordFields = {
	keep: [
		'brand_id', 'name', 'website', 'contact_email', 'contact_phone', 'message_credit_limit', 'message_credit_limit_percentage',
		'force_double_opt_in', 'created', 'last_updated',
	],
	all: [
		'brand_id', '_account_id', 'tax_id', 'legal_name', 'name', 'short_name', 'website', 'logo', 'address', 'city', 'state', 'zip', 'country',
		'contact_first_name', 'contact_last_name', 'contact_email', 'contact_phone', 'industry', 'use_case', 'prohibited_content',
		'age_requirement', 'force_double_opt_in', 'inbox_enabled', 'opt_out_intel_enabled', 'delete_bad_numbers', 'message_credit_limit',
		'message_credit_limit_percentage', 'age_requirement_message', 'age_requirement_ineligible_message', 'double_opt_in_message',
		'opt_in_message', 'opt_in_exists_message', 're_opt_in_message', 'terms_link', 'opt_out_intel_action', 'opt_out_intel_message',
		'time_to_cart_abandonment_value', 'time_to_cart_abandonment_unit', 'attribution_model', 'message_view_attribution_value',
		'message_view_attribution_unit', 'message_click_attribution_value', 'message_click_attribution_unit', 'delete_bad_numbers_failures',
		'created', 'last_updated',
	],
};

// Package ststoken issues the REST catalog's table tokens on an S3
// warehouse: short-lived credentials from STS AssumeRole whose inline
// session policy allows only the table's own files, so that a client needs
// no long-lived key for the bucket and reaches no other table with them.
// The token's keys are those Java's RESTTokenFileIO merges into its S3
// file IO options: s3.* (paimon-s3's S3Loader requires s3.access-key and
// s3.secret-key; S3FileIO hands every s3.* key to Hadoop's S3A as fs.s3a.*),
// which pypaimon's S3 file IO reads too.
package ststoken

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/sts"
)

// Config configures an Issuer.
type Config struct {
	// RoleARN is the role assumed; its own policy must allow what the
	// sessions need (the session policy can only narrow it).
	RoleARN string
	// Endpoint is the STS endpoint URL; empty: AWS's, for the region.
	Endpoint string
	// Duration is how long the credentials live (STS: 15 min to the
	// role's maximum session duration).
	Duration time.Duration
	// Warehouse is the warehouse URL (s3://bucket/prefix?endpoint=...&region=...):
	// its endpoint, region and path style go into every token, so that a
	// client reaches the store as the server does.
	Warehouse string
}

// Issuer issues table tokens through STS AssumeRole with the server's own
// AWS credentials (the default chain, as for the warehouse).
type Issuer struct {
	client *sts.Client
	cfg    Config
	// store are the S3 options of the warehouse URL, in every token.
	store map[string]string
}

// MinDuration is the shortest session STS grants.
const MinDuration = 15 * time.Minute

// New makes an Issuer for cfg.
func New(ctx context.Context, cfg Config) (*Issuer, error) {
	if !strings.HasPrefix(cfg.RoleARN, "arn:") {
		return nil, fmt.Errorf("STS role %q: want a role ARN (arn:aws:iam::<account>:role/<name>)", cfg.RoleARN)
	}
	if cfg.Duration < MinDuration || cfg.Duration > 12*time.Hour {
		return nil, fmt.Errorf("STS credential duration %v: want 15m to 12h", cfg.Duration)
	}
	u, err := url.Parse(cfg.Warehouse)
	if err != nil || u.Scheme != "s3" {
		return nil, fmt.Errorf("table tokens need an s3:// warehouse, not %q", cfg.Warehouse)
	}
	q := u.Query()
	store := map[string]string{}
	if ep := q.Get("endpoint"); ep != "" {
		store["s3.endpoint"] = ep
	}
	if q.Get("use_path_style") == "true" {
		store["s3.path.style.access"] = "true"
	}
	var opts []func(*config.LoadOptions) error
	if region := q.Get("region"); region != "" {
		// Hadoop's S3A (fs.s3a.endpoint.region) and pypaimon (s3.region)
		// name the region differently.
		store["s3.endpoint.region"] = region
		store["s3.region"] = region
		opts = append(opts, config.WithRegion(region))
	}
	awsCfg, err := config.LoadDefaultConfig(ctx, opts...)
	if err != nil {
		return nil, fmt.Errorf("AWS credentials for STS: %w", err)
	}
	client := sts.NewFromConfig(awsCfg, func(o *sts.Options) {
		if cfg.Endpoint != "" {
			o.BaseEndpoint = aws.String(cfg.Endpoint)
		}
	})
	return &Issuer{client: client, cfg: cfg, store: store}, nil
}

// TableToken returns credentials for the table whose directory is location
// (s3://bucket/key-prefix), able to write it when write is set and only to
// read it otherwise, with when they expire. user names the session in the
// store's audit records.
func (i *Issuer) TableToken(ctx context.Context, location string, write bool, user string) (map[string]string, time.Time, error) {
	bucket, prefix, err := splitLocation(location)
	if err != nil {
		return nil, time.Time{}, err
	}
	policy, err := SessionPolicy(bucket, prefix, write)
	if err != nil {
		return nil, time.Time{}, err
	}
	out, err := i.client.AssumeRole(ctx, &sts.AssumeRoleInput{
		RoleArn:         aws.String(i.cfg.RoleARN),
		RoleSessionName: aws.String(sessionName(user)),
		Policy:          aws.String(policy),
		DurationSeconds: aws.Int32(int32(i.cfg.Duration / time.Second)),
	})
	if err != nil {
		return nil, time.Time{}, fmt.Errorf("STS AssumeRole %s for %s: %w", i.cfg.RoleARN, location, err)
	}
	c := out.Credentials
	if c == nil || c.AccessKeyId == nil || c.SecretAccessKey == nil || c.SessionToken == nil || c.Expiration == nil {
		return nil, time.Time{}, errors.New("STS AssumeRole answered no credentials")
	}
	token := map[string]string{
		"s3.access-key": *c.AccessKeyId,
		"s3.secret-key": *c.SecretAccessKey,
		// Hadoop's S3A takes it first (TemporaryAWSCredentialsProvider).
		"s3.session.token": *c.SessionToken,
	}
	for k, v := range i.store {
		token[k] = v
	}
	return token, *c.Expiration, nil
}

// splitLocation splits s3://bucket/prefix into its bucket and key prefix.
func splitLocation(location string) (bucket, prefix string, err error) {
	rest, ok := strings.CutPrefix(location, "s3://")
	if !ok {
		return "", "", fmt.Errorf("table location %s: not an s3:// location", location)
	}
	bucket, prefix, _ = strings.Cut(rest, "/")
	return bucket, strings.Trim(prefix, "/"), nil
}

// SessionPolicy is the inline session policy of a table token: the
// objects below bucket/prefix (read, and written and deleted when write),
// and the listing of that prefix only. A prefix holding an IAM wildcard
// would widen it to other tables' files, and an empty one to the bucket:
// both are refused.
func SessionPolicy(bucket, prefix string, write bool) (string, error) {
	if bucket == "" || prefix == "" {
		return "", fmt.Errorf("refusing a table token for s3://%s/%s: it would cover the whole bucket", bucket, prefix)
	}
	if strings.ContainsAny(bucket+prefix, "*?$") {
		return "", fmt.Errorf("refusing a table token for s3://%s/%s: its path holds a policy wildcard", bucket, prefix)
	}
	actions := []string{"s3:GetObject"}
	if write {
		actions = append(actions, "s3:PutObject", "s3:DeleteObject", "s3:AbortMultipartUpload", "s3:ListMultipartUploadParts")
	}
	type statement struct {
		Effect    string         `json:"Effect"`
		Action    []string       `json:"Action"`
		Resource  []string       `json:"Resource"`
		Condition map[string]any `json:"Condition,omitempty"`
	}
	doc := struct {
		Version   string      `json:"Version"`
		Statement []statement `json:"Statement"`
	}{Version: "2012-10-17", Statement: []statement{
		{Effect: "Allow", Action: actions, Resource: []string{"arn:aws:s3:::" + bucket + "/" + prefix + "/*"}},
		{Effect: "Allow", Action: []string{"s3:ListBucket"}, Resource: []string{"arn:aws:s3:::" + bucket},
			Condition: map[string]any{"StringLike": map[string][]string{"s3:prefix": {prefix, prefix + "/*"}}}},
		// Clients ask where the bucket is; it names no object.
		{Effect: "Allow", Action: []string{"s3:GetBucketLocation"}, Resource: []string{"arn:aws:s3:::" + bucket}},
	}}
	data, err := json.Marshal(doc)
	return string(data), err
}

// sessionName is STS's RoleSessionName for user: [\w+=,.@-], 2 to 64
// characters.
func sessionName(user string) string {
	name := "paimon-sql-" + invalidSessionChars.ReplaceAllString(user, "_")
	if len(name) > 64 {
		name = name[:64]
	}
	return name
}

var invalidSessionChars = regexp.MustCompile(`[^\w+=,.@-]`)
